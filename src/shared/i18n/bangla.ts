// What the Bangla message tables (src/shared/<feature>/texts.bn.ts) share: their shape and the
// Bangla digits. Only Bangla mode loads it (through src/shared/i18n/messages-bn.ts).

/**
 * A Bangla table of an English texts constant: the same keys (any of them: the web's own texts
 * have their Bangla in the web's catalogues), a text for a text, a function of the same
 * arguments for a templated message.
 */
export type BanglaOf<T> = {
  [K in keyof T]?: T[K] extends string ? string : T[K] extends (...args: infer A) => string ? (...args: A) => string : BanglaOf<T[K]>;
};

const bnNumber = new Intl.NumberFormat('bn-BD');

/** A number in Bangla digits ("১২"). */
export const banglaNumber = (value: number) => bnNumber.format(value);
