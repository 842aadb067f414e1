import { createRequire } from 'node:module';
import path from 'node:path';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { DONATION_TEXTS } from '../../shared/donations';

/** What a certificate says. */
export interface CertificateContent {
  name: string;
  date: string;
  hospital: string;
  district: string;
  component: string;
  code: string;
  /** The verification page: the QR code's content, also printed under it. */
  verifyUrl: string;
}

// pdfkit's standard fonts cover Latin only; a Bangla name is drawn with Noto Sans Bengali, whose
// WOFF pdfkit (fontkit) reads, shapes and subsets (decision 042). The package's exports name only
// its CSS, so its folder is found through its LICENSE.
const bengaliFont = path.join(path.dirname(createRequire(import.meta.url).resolve('@fontsource/noto-sans-bengali/LICENSE')), 'files', 'noto-sans-bengali-bengali-600-normal.woff');
/** A run of Bangla (with the spaces and joiners between its words): drawn in the embedded font. */
const BANGLA_RUN = /([\u0980-\u09ff\u200c\u200d]+(?:\s+[\u0980-\u09ff\u200c\u200d]+)*)/u;

const RED = '#b91c1c';
const INK = '#1f2937';
const MUTED = '#4b5563';

/** One A4 landscape page: who gave, what, where and when, and a QR code to the verification page. */
export async function renderCertificate(c: CertificateContent): Promise<Buffer> {
  const qr = await QRCode.toBuffer(c.verifyUrl, { type: 'png', errorCorrectionLevel: 'M', margin: 1, width: 360 });
  const doc = new PDFDocument({ size: 'A4', layout: 'landscape', margin: 0, info: { Title: DONATION_TEXTS.pdf.title, Author: 'Blood Donation', Subject: c.code } });
  const done = new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const { width, height } = doc.page;
  const t = DONATION_TEXTS.pdf;

  // Frame.
  doc.lineWidth(6).strokeColor(RED).rect(24, 24, width - 48, height - 48).stroke();
  doc.lineWidth(1).strokeColor(RED).rect(36, 36, width - 72, height - 72).stroke();

  const textWidth = width - 160;
  doc.font('Helvetica-Bold').fontSize(34).fillColor(RED).text(t.title, 80, 84, { width: textWidth, align: 'center' });
  doc.font('Helvetica').fontSize(16).fillColor(MUTED).text(t.presented, 80, 150, { width: textWidth, align: 'center' });

  doc.registerFont('bn', bengaliFont);
  /**
   * A centred line; Bangla runs in the embedded font, the rest in `latin` (the Bengali font has no
   * Latin letters). Runs are measured and placed one after the other (pdfkit's own centring of
   * continued text misplaces runs of different fonts); a line too long for the page is made smaller.
   */
  const line = (text: string, y: number, latin: string, maxSize: number) => {
    const runs = text
      .split(BANGLA_RUN)
      .filter((run) => run !== '')
      .map((run) => ({ run, font: BANGLA_RUN.test(run) ? 'bn' : latin }));
    const widthAt = (size: number) => runs.reduce((sum, r) => sum + doc.font(r.font).fontSize(size).widthOfString(r.run), 0);
    let size = maxSize;
    while (size > 8 && widthAt(size) > textWidth) size -= 1;
    let x = (width - widthAt(size)) / 2;
    doc.fillColor(INK);
    for (const r of runs) {
      doc.font(r.font).fontSize(size).text(r.run, x, y, { lineBreak: false });
      x += doc.widthOfString(r.run);
    }
  };
  line(c.name, 180, 'Helvetica-Bold', 32);
  line(t.gave(c.component), 240, 'Helvetica', 17);
  line(t.at(c.hospital, c.district), 266, 'Helvetica', 17);
  line(t.on(c.date), 292, 'Helvetica', 17);
  doc.font('Helvetica-Oblique').fontSize(15).fillColor(RED).text(t.thanks, 80, 336, { width: textWidth, align: 'center' });

  // The QR code and its address, bottom right; the code bottom left.
  const qrSize = 120;
  const qrX = width - 80 - qrSize;
  const qrY = height - 80 - qrSize - 24;
  doc.image(qr, qrX, qrY, { width: qrSize, height: qrSize });
  // The code and the printed address are also links, for those reading the PDF on a screen.
  doc.link(qrX, qrY, qrSize, qrSize, c.verifyUrl);
  doc.font('Helvetica').fontSize(9).fillColor(MUTED).text(t.verify, 80, qrY + 60, { width: qrX - 100, align: 'left' });
  doc.font('Courier').fontSize(9).fillColor(INK).text(c.verifyUrl, 80, qrY + 74, { width: qrX - 100, align: 'left', link: c.verifyUrl });
  doc.font('Helvetica').fontSize(9).fillColor(MUTED).text(t.code(c.code), 80, qrY + 100, { width: qrX - 100, align: 'left' });

  doc.end();
  return done;
}
