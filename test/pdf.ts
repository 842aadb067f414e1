// Reads a PDF the way a viewer does, with Mozilla's PDF.js (an npm package: no poppler or other
// system tool needed, so `npm test` passes after `npm install` alone). Tests and e2e specs use it
// to check the certificates' pages, text and fonts, and to render a page for a look.
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { getDocument, OPS } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { PDFDocumentProxy } from 'pdfjs-dist/types/src/display/api';

const pdfjsDir = path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));

export type PdfPage = {
  /** Width and height in points (A4 landscape: 841.89 x 595.28). */
  size: [number, number];
  /**
   * The page's text in drawing order, a line break where PDF.js sees one. PDF.js places word and
   * line breaks by the glyphs' positions, which HarfBuzz's offsets move in Bangla: compare Bangla
   * with the whitespace removed.
   */
  text: string;
};

export type PdfContents = {
  pages: PdfPage[];
  /** Every page's text, pages separated by a form feed (as pdftotext does). */
  text: string;
  /** The names of the fonts the pages draw with, e.g. "ABCDEF+NotoSansBengali-Regular". */
  fonts: string[];
};

type DrawnFont = { name?: string; toUnicode?: { _map?: (string | null | undefined)[] } };

/**
 * The characters PDF.js shows for a font's glyphs that stand for no text. A glyph whose ToUnicode
 * entry is empty (the certificate's shaped Bangla has such glyphs: a part of a conjunct whose
 * characters another glyph's entry already names) is read by PDF.js as its raw code, a control
 * character or a stray Latin one; poppler reads nothing there, and so does this.
 */
function textless(font: DrawnFont | undefined): Set<string> {
  const map = font?.toUnicode?._map;
  if (!map) return new Set();
  const named = new Set(map.filter((t): t is string => typeof t === 'string' && t !== ''));
  const shown = new Set<string>();
  map.forEach((t, code) => {
    const raw = String.fromCharCode(code);
    if (t === '' && !named.has(raw)) shown.add(raw);
  });
  return shown;
}

async function open(pdf: Uint8Array): Promise<PDFDocumentProxy> {
  return getDocument({
    // PDF.js takes the bytes over (transfers them): give it a copy.
    data: new Uint8Array(pdf),
    standardFontDataUrl: pathToFileURL(path.join(pdfjsDir, 'standard_fonts') + path.sep).href,
    cMapUrl: pathToFileURL(path.join(pdfjsDir, 'cmaps') + path.sep).href,
    isEvalSupported: false,
    // The fonts' ToUnicode maps, to know which glyphs stand for no text (above).
    fontExtraProperties: true,
    verbosity: 0,
  }).promise;
}

/** The pages, their text and the fonts drawn with. */
export async function readPdf(pdf: Uint8Array): Promise<PdfContents> {
  const doc = await open(pdf);
  try {
    const pages: PdfPage[] = [];
    const fonts = new Set<string>();
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      const [x0, y0, x1, y1] = page.view as [number, number, number, number];
      // The operator list first: it loads the page's fonts into commonObjs.
      const ops = await page.getOperatorList();
      const fontOf = (id: string) => (page.commonObjs.has(id) ? (page.commonObjs.get(id) as DrawnFont) : undefined);
      for (let i = 0; i < ops.fnArray.length; i++) {
        if (ops.fnArray[i] !== OPS.setFont) continue;
        const font = fontOf((ops.argsArray[i] as [string])[0]);
        if (font?.name) fonts.add(font.name);
      }
      const content = await page.getTextContent();
      let text = '';
      for (const item of content.items) {
        if (!('str' in item)) continue;
        const none = textless(fontOf(item.fontName));
        text += (none.size ? Array.from(item.str, (c) => (none.has(c) ? '' : c)).join('') : item.str) + (item.hasEOL ? '\n' : '');
      }
      pages.push({ size: [x1 - x0, y1 - y0], text });
      page.cleanup();
    }
    return { pages, text: pages.map((p) => p.text).join('\f'), fonts: [...fonts] };
  } finally {
    await doc.destroy();
  }
}

/** A page drawn as a PNG at `dpi` (PDF.js with @napi-rs/canvas, which PDF.js brings along). */
export async function renderPng(pdf: Uint8Array, pageNumber = 1, dpi = 80): Promise<Buffer> {
  const { createCanvas } = await import('@napi-rs/canvas');
  const doc = await open(pdf);
  try {
    const page = await doc.getPage(pageNumber);
    const viewport = page.getViewport({ scale: dpi / 72 });
    const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
    const context = canvas.getContext('2d');
    context.fillStyle = '#fff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    await page.render({ canvas: canvas as never, canvasContext: context as never, viewport }).promise;
    return canvas.toBuffer('image/png');
  } finally {
    await doc.destroy();
  }
}
