import { PDFDocument, PageSizes, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';

/** What a sample PDF says: paragraphs ('- ' starts a bullet) and, for a form, the fields to fill in. */
export interface PdfContent {
  title: string;
  subtitle: string;
  paragraphs: string[];
  /** Labels of fillable text fields: a PDF with any is a form. */
  fields?: string[];
}

const MARGIN = 64;
const INK = rgb(0.12, 0.16, 0.22);
const MUTED = rgb(0.4, 0.45, 0.52);
const ACCENT = rgb(0.15, 0.39, 0.92);

/** Splits `text` into lines no wider than `width` at `size`. */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    const next = line ? `${line} ${word}` : word;
    if (line && font.widthOfTextAtSize(next, size) > width) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}

/** A one- or two-page letter-size document in the company's plain style (Helvetica, ASCII text). */
export async function renderPdf(content: PdfContent, at: Date): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(content.title);
  pdf.setAuthor('FlexSpace People Team');
  pdf.setCreationDate(at);
  pdf.setModificationDate(at);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const [pageWidth, pageHeight] = PageSizes.Letter;
  const width = pageWidth - 2 * MARGIN;
  let page: PDFPage = pdf.addPage(PageSizes.Letter);
  let y = pageHeight - MARGIN;
  const room = (needed: number) => {
    if (y - needed >= MARGIN) return;
    page = pdf.addPage(PageSizes.Letter);
    y = pageHeight - MARGIN;
  };

  page.drawRectangle({ x: MARGIN, y: y - 4, width: 48, height: 4, color: ACCENT });
  y -= 30;
  for (const line of wrap(content.title, bold, 22, width)) {
    page.drawText(line, { x: MARGIN, y, size: 22, font: bold, color: INK });
    y -= 28;
  }
  page.drawText(content.subtitle, { x: MARGIN, y, size: 11, font: regular, color: MUTED });
  y -= 32;

  for (const paragraph of content.paragraphs) {
    const bullet = paragraph.startsWith('- ');
    const indent = bullet ? 14 : 0;
    const lines = wrap(bullet ? paragraph.slice(2) : paragraph, regular, 11, width - indent);
    room(lines.length * 16);
    if (bullet) page.drawCircle({ x: MARGIN + 4, y: y + 3.5, size: 1.8, color: INK });
    for (const line of lines) {
      page.drawText(line, { x: MARGIN + indent, y, size: 11, font: regular, color: INK });
      y -= 16;
    }
    y -= bullet ? 2 : 8;
  }

  if (content.fields?.length) {
    const form = pdf.getForm();
    y -= 8;
    for (const [i, label] of content.fields.entries()) {
      room(48);
      page.drawText(label, { x: MARGIN, y, size: 10, font: bold, color: INK });
      const field = form.createTextField(`field_${i + 1}`);
      field.addToPage(page, { x: MARGIN, y: y - 26, width, height: 20, font: regular, borderColor: MUTED, borderWidth: 0.75 });
      y -= 48;
    }
  }
  return Buffer.from(await pdf.save());
}
