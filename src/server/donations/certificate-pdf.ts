import { createRequire } from 'node:module';
import path from 'node:path';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import type * as fontkit from 'fontkit';
import type { BloodComponent } from '../../shared/matching/model';
import type { Lang } from '../../shared/i18n/model';
import { CERTIFICATE_TEXTS } from './certificate-texts';
import { shapedFont } from './shaped-font';

/** What a certificate says, and in which language. */
export interface CertificateContent {
  name: string;
  /** The donation date, YYYY-MM-DD. */
  date: string;
  hospital: string;
  /** The district's name in `lang`. */
  district: string;
  component: BloodComponent;
  code: string;
  /** The verification page: the QR code's content, also printed under it. */
  verifyUrl: string;
  lang: Lang;
}

// pdfkit's standard fonts cover Latin only; Bangla is drawn with Noto Sans Bengali (decision 042),
// shaped by HarfBuzz (decision 050). The package's exports name only its CSS, so its folder is
// found through its LICENSE.
const fontFolder = path.join(path.dirname(createRequire(import.meta.url).resolve('@fontsource/noto-sans-bengali/LICENSE')), 'files');
const bengaliFonts = new Map<number, Promise<fontkit.Font>>();
/** A weight of the Bengali font, read and unpacked once per process. */
function bengaliFont(weight: 500 | 700): Promise<fontkit.Font> {
  let font = bengaliFonts.get(weight);
  if (!font) {
    font = shapedFont(path.join(fontFolder, `noto-sans-bengali-bengali-${weight}-normal.woff2`));
    bengaliFonts.set(weight, font);
  }
  return font;
}
/** A run of Bangla (with the spaces and joiners between its words, and the danda): drawn in the embedded font. */
const BANGLA_RUN = /([\u0964\u0965\u0980-\u09ff\u200c\u200d]+(?:\s+[\u0964\u0965\u0980-\u09ff\u200c\u200d]+)*)/u;

const RED = '#b91c1c';
const INK = '#1f2937';
const MUTED = '#4b5563';

/** A font pair: Bangla runs in `bangla` (an embedded Noto Sans Bengali weight), the rest in `latin` (a standard font). */
interface Face {
  latin: string;
  bangla: 'bn' | 'bn-bold';
}

/** One A4 landscape page: who gave, what, where and when, and a QR code to the verification page. */
export async function renderCertificate(c: CertificateContent): Promise<Buffer> {
  const t = CERTIFICATE_TEXTS[c.lang];
  const qr = await QRCode.toBuffer(c.verifyUrl, { type: 'png', errorCorrectionLevel: 'M', margin: 1, width: 360 });
  const doc = new PDFDocument({ size: 'A4', layout: 'landscape', margin: 0, lang: c.lang, info: { Title: t.title, Author: 'Blood Donation', Subject: c.code } });
  const done = new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const { width, height } = doc.page;
  // pdfkit takes a font object with a `layout` of its own (its types name only files and bytes).
  doc.registerFont('bn', (await bengaliFont(500)) as unknown as Buffer);
  doc.registerFont('bn-bold', (await bengaliFont(700)) as unknown as Buffer);

  // Frame.
  doc.lineWidth(6).strokeColor(RED).rect(24, 24, width - 48, height - 48).stroke();
  doc.lineWidth(1).strokeColor(RED).rect(36, 36, width - 72, height - 72).stroke();

  const textWidth = width - 160;
  /**
   * One line of text at (x, y), or centred when x is null; Bangla runs in the embedded font (it has
   * no Latin letters), the rest in the standard one. Runs are measured and placed one after the
   * other on one baseline (pdfkit's own centring of continued text misplaces runs of different
   * fonts); a line too long for its width is made smaller.
   */
  const line = (text: string, x: number | null, y: number, face: Face, maxSize: number, colour: string, maxWidth = textWidth) => {
    const runs = text
      .split(BANGLA_RUN)
      .filter((run) => run !== '')
      .map((run) => ({ run, font: BANGLA_RUN.test(run) ? face.bangla : face.latin }));
    const widthAt = (size: number) => runs.reduce((sum, r) => sum + doc.font(r.font).fontSize(size).widthOfString(r.run), 0);
    let size = maxSize;
    while (size > 8 && widthAt(size) > maxWidth) size -= 1;
    let at = x ?? (width - widthAt(size)) / 2;
    // One baseline for every run (each font's own ascent would place it differently).
    const baseline = y + size * 0.9;
    doc.fillColor(colour);
    for (const r of runs) {
      doc.font(r.font).fontSize(size).text(r.run, at, baseline, { lineBreak: false, baseline: 'alphabetic' });
      at += doc.widthOfString(r.run);
    }
  };
  const regular: Face = { latin: 'Helvetica', bangla: 'bn' };
  const bold: Face = { latin: 'Helvetica-Bold', bangla: 'bn-bold' };

  line(t.title, null, 84, bold, 34, RED);
  line(t.presented, null, 150, regular, 16, MUTED);
  line(c.name, null, 180, bold, 32, INK);
  const [what, where, when] = t.lines({ component: t.component[c.component], hospital: c.hospital, district: c.district, date: t.date(c.date) });
  line(what, null, 240, regular, 17, INK);
  line(where, null, 266, regular, 17, INK);
  line(when, null, 292, regular, 17, INK);
  line(t.thanks, null, 336, { latin: 'Helvetica-Oblique', bangla: 'bn' }, 15, RED);

  // The QR code and its address, bottom right; the code bottom left.
  const qrSize = 120;
  const qrX = width - 80 - qrSize;
  const qrY = height - 80 - qrSize - 24;
  doc.image(qr, qrX, qrY, { width: qrSize, height: qrSize });
  // The code and the printed address are also links, for those reading the PDF on a screen.
  doc.link(qrX, qrY, qrSize, qrSize, c.verifyUrl);
  line(t.verify, 80, qrY + 60, regular, 9, MUTED, qrX - 100);
  doc.font('Courier').fontSize(9).fillColor(INK).text(c.verifyUrl, 80, qrY + 74, { width: qrX - 100, align: 'left', link: c.verifyUrl });
  line(t.code(c.code), 80, qrY + 100, regular, 9, MUTED, qrX - 100);

  doc.end();
  return done;
}
