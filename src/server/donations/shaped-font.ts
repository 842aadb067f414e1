import fs from 'node:fs/promises';
import * as fontkit from 'fontkit';
import * as hb from 'harfbuzzjs';
import { decompress } from 'wawoff2';

// Bangla on the certificate, shaped by HarfBuzz (decision 050). fontkit, which pdfkit shapes with,
// picks the right glyphs for Bengali but places some wrongly: after a conjunct such as ক্ত the
// vowel sign is drawn over it ("আক্তার" reads "আক্তর"), where HarfBuzz (what browsers use) adds the
// font's distance adjustments. So the font given to pdfkit is fontkit's, for its metrics and
// subsetting, with its layout done by HarfBuzz. HarfBuzz reads TrueType, not WOFF: the fontsource
// package's WOFF2 is unpacked first (wawoff2, Google's decoder).

/** A fontkit font whose `layout` is HarfBuzz's; pdfkit takes it as a font source. */
export async function shapedFont(woff2Path: string): Promise<fontkit.Font> {
  // A copy: what wawoff2 answers may be a view of its WebAssembly memory.
  const ttf = Buffer.from(await decompress(await fs.readFile(woff2Path)));
  const font = fontkit.create(ttf);
  const hbFont = new hb.Font(new hb.Face(new hb.Blob(ttf)));
  if (hbFont.face.upem !== font.unitsPerEm) throw new Error(`${woff2Path}: HarfBuzz and fontkit disagree on the units per em`);
  /** Glyph id to the one character it is the glyph of. */
  const nominal = new Map<number, number>();
  for (const codePoint of font.characterSet) {
    const id = font.glyphForCodePoint(codePoint).id;
    if (!nominal.has(id)) nominal.set(id, codePoint);
  }

  font.layout = (text: string): fontkit.GlyphRun => {
    const buffer = new hb.Buffer();
    buffer.addText(text);
    buffer.guessSegmentProperties();
    hb.shape(hbFont, buffer);
    const infos = buffer.getGlyphInfos();
    const positions = buffer.getGlyphPositions();
    // The text layer (search, copy): a PDF maps each glyph to one text, whatever its context. A
    // glyph of one character maps to it; a conjunct's glyph to the characters of its cluster that
    // no other glyph there stands for (ক্ত in "ক্তা", whose া has its own glyph).
    const chars = Array.from(text);
    const charAt = new Map<number, number>();
    for (let i = 0, at = 0; i < chars.length; at += chars[i]!.length, i++) charAt.set(at, i);
    const starts = [...new Set(infos.map((info) => info.cluster))].sort((a, b) => a - b);
    const charsOf = (cluster: number) => {
      const next = starts.find((start) => start > cluster);
      return chars.slice(charAt.get(cluster) ?? 0, next === undefined ? chars.length : (charAt.get(next) ?? chars.length)).map((c) => c.codePointAt(0)!);
    };
    const rest = new Map<number, number[]>();
    for (const cluster of starts) {
      const own = new Set(infos.filter((info) => info.cluster === cluster).flatMap((info) => nominal.get(info.codepoint) ?? []));
      rest.set(cluster, charsOf(cluster).filter((c) => !own.has(c)));
    }
    const glyphs = infos.map((info) => {
      const single = nominal.get(info.codepoint);
      if (single !== undefined) return font.getGlyph(info.codepoint, [single]);
      const codePoints = rest.get(info.cluster) ?? [];
      rest.set(info.cluster, []);
      return font.getGlyph(info.codepoint, codePoints);
    });
    return {
      glyphs,
      positions: positions.map((p) => ({ xAdvance: p.xAdvance, yAdvance: p.yAdvance, xOffset: p.xOffset, yOffset: p.yOffset })),
      advanceWidth: positions.reduce((sum, p) => sum + p.xAdvance, 0),
    };
  };
  return font;
}
