import { describe, expect, it } from 'vitest';
import type { ComponentsJSON } from '@nanostores/i18n';

// Issue 16: every English text has a Bangla one, and no Bangla entry is empty or still English.
// English: the `*_TEXTS` exports of each feature's texts.ts (or <part>-texts.ts) (component → key → text, or a
// transform holding its English input). Bangla: the catalogues in ./bn/.

type English = Record<string, Record<string, unknown>>;

const englishModules = import.meta.glob<Record<string, unknown>>(['../**/texts.ts', '../**/*-texts.ts'], { eager: true });
const banglaModules = import.meta.glob<{ default: ComponentsJSON }>('./bn/*.ts', { eager: true });

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
