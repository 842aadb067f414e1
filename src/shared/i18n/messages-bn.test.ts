import { describe, expect, it } from 'vitest';
import { MESSAGE_TABLES, messageInBangla } from './messages-bn';

// The Bangla message tables are keyed like the English constants (a message's id is its table and
// key), and the lookup finds a message by the constant it came from.

type Table = Readonly<Record<string, unknown>>;

/** Every plain text of a table pair, by its key path: [path, English, Bangla]. */
function texts(english: Table, bangla: Table, prefix = ''): [string, unknown, unknown][] {
  return Object.entries(bangla).flatMap(([key, bn]) => {
    const en = english[key];
    if (typeof bn === 'object' && bn !== null && typeof en === 'object' && en !== null) return texts(en as Table, bn as Table, `${prefix}${key}.`);
    return [[`${prefix}${key}`, en, bn] as [string, unknown, unknown]];
  });
}

describe('the Bangla message tables', () => {
  it('translate only keys their English table has, a text for a text and a function for a function', () => {
    const problems: string[] = [];
    for (const [english, bangla] of MESSAGE_TABLES) {
      for (const [key, en, bn] of texts(english, bangla)) {
        if (en === undefined) problems.push(`${key}: no English`);
        else if (typeof en !== typeof bn) problems.push(`${key}: ${typeof en} in English, ${typeof bn} in Bangla`);
        else if (typeof bn === 'string' && !/[\u0980-\u09FF]/.test(bn)) problems.push(`${key}: not Bangla`);
      }
    }
    expect(MESSAGE_TABLES.length).toBeGreaterThan(20);
    expect(problems).toEqual([]);
  });

  it('give one Bangla to an English text, whichever of its ids raised it', () => {
    const seen = new Map<string, string>();
    const conflicts: string[] = [];
    for (const [english, bangla] of MESSAGE_TABLES) {
      for (const [key, en, bn] of texts(english, bangla)) {
        if (typeof en !== 'string' || typeof bn !== 'string') continue;
        const before = seen.get(en);
        if (before !== undefined && before !== bn) conflicts.push(`${key}: "${en}" is "${before}" elsewhere, "${bn}" here`);
        seen.set(en, bn);
        expect(messageInBangla(en), key).toBe(before ?? bn);
      }
    }
    expect(conflicts).toEqual([]);
  });
});
