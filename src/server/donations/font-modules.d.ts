// The little of fontkit and wawoff2 the certificate uses (neither ships types).

declare module 'fontkit' {
  export interface Glyph {
    id: number;
    codePoints: number[];
    advanceWidth: number;
  }
  export interface GlyphPosition {
    xAdvance: number;
    yAdvance: number;
    xOffset: number;
    yOffset: number;
  }
  export interface GlyphRun {
    glyphs: Glyph[];
    positions: GlyphPosition[];
    advanceWidth: number;
  }
  export interface Font {
    unitsPerEm: number;
    characterSet: number[];
    glyphForCodePoint(codePoint: number): Glyph;
    getGlyph(id: number, codePoints?: number[]): Glyph;
    layout(text: string, features?: unknown): GlyphRun;
  }
  export function create(data: Uint8Array): Font;
}

declare module 'wawoff2' {
  /** A WOFF2 file to the TrueType font it packs. */
  export function decompress(woff2: Uint8Array): Promise<Uint8Array>;
}
