// The shape a Bangla catalogue must have: for every component of a feature's English texts, every
// key, as a string (plain texts and `fill` templates) or as plural forms (`plural`). TypeScript
// refuses a catalogue that misses a key or has one too many; src/web/i18n/catalogues.test.ts
// refuses empty or untranslated entries.

type Text = string | ((arg: never) => string);

export type EnglishTexts = Record<string, Record<string, Text>>;

export type Catalogue<T extends EnglishTexts> = {
  [C in keyof T]: { [K in keyof T[C]]: T[C][K] extends string ? string : T[C][K] extends (count: number) => string ? { one: string; other: string } : string };
};
