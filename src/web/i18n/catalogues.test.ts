import { describe, expect, it } from 'vitest';
import type { ComponentsJSON } from '@nanostores/i18n';
import { CATALOGUE_FILES } from '../../shared/i18n/model';

// Issue 16: every English text has a Bangla one, and no Bangla entry is empty or still English.
// English: the `*_TEXTS` exports of each feature's texts.ts (or <part>-texts.ts) (component → key → text, or a
// transform holding its English input). Bangla: the catalogues beside them (texts.bn.ts, <part>-texts.bn.ts),
// found through CATALOGUE_FILES.

type English = Record<string, Record<string, unknown>>;

const englishModules = import.meta.glob<Record<string, unknown>>(['../**/texts.ts', '../**/*-texts.ts'], { eager: true });
// Every Bangla catalogue of src/web, wherever it is: the loader (./index.ts) finds them by CATALOGUE_FILES.
const banglaModules = import.meta.glob<{ default: ComponentsJSON }>('../**/*.bn.ts', { eager: true });

const english: English = Object.assign(
  {},
  ...Object.values(englishModules).flatMap((mod) => Object.entries(mod).flatMap(([name, value]) => (name.endsWith('_TEXTS') ? [value as English] : []))),
);
const bangla: ComponentsJSON = Object.assign({}, ...Object.values(banglaModules).map((mod) => mod.default));

/** The English input of a text: itself, or what `fill`/`plural` were given. */
const input = (text: unknown): unknown => (typeof text === 'object' && text !== null && 'input' in text ? (text as { input: unknown }).input : text);

/** Entries that are rightly the same in both languages (names, codes, formats). */
const SAME_IN_BOTH = new Set<string>(['site/common.titleSuffix']);

describe('the Bangla catalogues', () => {
  it('are where CATALOGUE_FILES says, beside the English texts, each holding only its prefix', () => {
    const files = Object.keys(banglaModules).map((key) => key.replace(/^\.\.\//, ''));
    expect(Object.values(CATALOGUE_FILES).sort()).toEqual(files.sort());
    for (const [prefix, file] of Object.entries(CATALOGUE_FILES)) {
      // The loader's glob: <folder>/texts.bn.ts or <folder>/<part>-texts.bn.ts, beside <folder>/texts.ts or <part>-texts.ts.
      expect(file, prefix).toMatch(/^[a-z-]+\/([a-z-]+-)?texts\.bn\.ts$/);
      expect(Object.keys(englishModules), file).toContain(`../${file.replace(/\.bn\.ts$/, '.ts')}`);
      const components = Object.keys(banglaModules[`../${file}`]!.default);
      expect(components.length, file).toBeGreaterThan(0);
      for (const component of components) expect(component.split('/')[0], `${file}: ${component}`).toBe(prefix);
    }
    // Every prefix an English component has is loadable.
    for (const component of Object.keys(english)) expect(CATALOGUE_FILES, component).toHaveProperty([component.split('/')[0]!]);
  });

  it('cover every English component and key, and nothing else', () => {
    expect(Object.keys(english).length).toBeGreaterThan(5);
    expect(Object.keys(bangla).sort()).toEqual(Object.keys(english).sort());
    for (const component of Object.keys(english)) {
      expect(Object.keys(bangla[component] as object).sort(), component).toEqual(Object.keys(english[component]!).sort());
    }
  });

  it('have no empty or untranslated entry, and plural forms where English has them', () => {
    const problems: string[] = [];
    for (const [component, texts] of Object.entries(english)) {
      for (const [key, text] of Object.entries(texts)) {
        const en = input(text);
        const bn = (bangla[component] as Record<string, unknown> | undefined)?.[key];
        const id = `${component}.${key}`;
        if (typeof en === 'object') {
          const forms = bn as Record<string, string> | undefined;
          if (!forms?.one?.trim() || !forms.other?.trim()) problems.push(`${id}: needs one and other`);
          continue;
        }
        if (typeof bn !== 'string' || !bn.trim()) problems.push(`${id}: empty`);
        else if (bn === en && !SAME_IN_BOTH.has(id)) problems.push(`${id}: same as English`);
        else if (/[A-Za-z]{4,}/.test(bn.replace(/\{\w+\}/g, '')) && !SAME_IN_BOTH.has(id)) problems.push(`${id}: has English words: ${bn}`);
        // Placeholders survive translation.
        const holes = (s: string) => (s.match(/\{\w+\}/g) ?? []).sort().join();
        if (typeof en === 'string' && typeof bn === 'string' && holes(en) !== holes(bn)) problems.push(`${id}: placeholders differ`);
      }
    }
    expect(problems).toEqual([]);
  });
});
