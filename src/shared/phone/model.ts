// Bangladesh mobile numbers (issue 15). Stored as +8801XXXXXXXXX; typed as people write them:
// 01712345678, 01712-345678, +880 1712 345678, 8801712345678, 008801712345678, and the same in
// Bangla digits (০১৭১২৩৪৫৬৭৮, +৮৮০ ১৭১২ ৩৪৫৬৭৮; issue 38). Zod-free: the forms use it too.
// Operator prefixes are 013 to 019 (BTRC numbering plan); a regex is all this needs, so no phone
// library (libphonenumber-js is ~80 KB) rides on the form's bundle.

const MOBILE = /^(?:\+?88|0088)?(01[3-9]\d{8})$/;

/** Bangla digits (০ U+09E6 to ৯ U+09EF) as ASCII ones; every other character is kept. */
export const asciiDigits = (input: string): string => input.replace(/[\u09E6-\u09EF]/g, (d) => String(d.charCodeAt(0) - 0x09e6));

/** The stored form (+8801XXXXXXXXX) of a typed number, or null when it is not a Bangladesh mobile. */
export function normalizePhone(input: string): string | null {
  const m = MOBILE.exec(asciiDigits(input).replace(/[\s\-().]/g, ''));
  return m ? `+88${m[1]}` : null;
}
