import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { PRODUCT_NAME, PRODUCT_SUBTITLE } from '@shared/constants';
import { isFigureColumn, type ReportDocument, type ReportTable, type ReportTile } from '@shared/domain/reportsTables';

/** US Letter, landscape: the wide tables (a dozen locations' history) fit across. */
const PAGE = { width: 792, height: 612 };
const MARGIN = 40;
const WIDTH = PAGE.width - 2 * MARGIN;
const SIZE = { title: 18, heading: 10, tableTitle: 12, cell: 9, tileValue: 16, footer: 8 };
const LINE = 12;
const PAD = 4;
const INK = rgb(0.06, 0.09, 0.16);
const MUTED = rgb(0.39, 0.45, 0.53);
const RULE = rgb(0.89, 0.91, 0.94);
const SHADE = rgb(0.95, 0.96, 0.98);

interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
}

/**
 * The standard fonts encode WinAnsi only: a character they lack (a location named in another
 * script) becomes '?' rather than failing the whole export.
 */
export function printable(font: PDFFont) {
  const known = new Set(font.getCharacterSet());
  return (text: string) => [...text].map((c) => (known.has(c.codePointAt(0)!) ? c : '?')).join('');
}

/** Words of `text` in lines no wider than `width`; a word longer than a line is cut. */
export function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(candidate, size) <= width) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    let rest = word;
    while (font.widthOfTextAtSize(rest, size) > width && rest.length > 1) {
      let cut = rest.length - 1;
      while (cut > 1 && font.widthOfTextAtSize(rest.slice(0, cut), size) > width) cut--;
      lines.push(rest.slice(0, cut));
      rest = rest.slice(cut);
    }
    line = rest;
  }
  if (line || lines.length === 0) lines.push(line);
  return lines;
}

/** Column widths: each its widest cell (capped), scaled down together when the row would overflow. */
function columnWidths(table: ReportTable, fonts: Fonts): number[] {
  const natural = table.columns.map((header, i) =>
    Math.min(
      WIDTH * 0.45,
      // One point to spare: the widest cell must still fit after the padding is taken off again.
      Math.max(fonts.bold.widthOfTextAtSize(header, SIZE.cell), ...table.rows.map((r) => fonts.regular.widthOfTextAtSize(r[i] ?? '', SIZE.cell))) + 2 * PAD + 1,
    ),
  );
  const total = natural.reduce((a, b) => a + b, 0);
  return total > WIDTH ? natural.map((w) => (w * WIDTH) / total) : natural;
}

class Writer {
  private pages: PDFPage[] = [];
  private page!: PDFPage;
  private y = 0;
  constructor(
    private readonly pdf: PDFDocument,
    private readonly fonts: Fonts,
    private readonly clean: (text: string) => string,
  ) {
    this.newPage();
  }

  private newPage() {
    this.page = this.pdf.addPage([PAGE.width, PAGE.height]);
    this.pages.push(this.page);
    this.y = PAGE.height - MARGIN;
  }

  /** Starts a new page unless `height` more fits on this one. */
  private room(height: number): boolean {
    if (this.y - height >= MARGIN + LINE) return false;
    this.newPage();
    return true;
  }

  text(text: string, x: number, size: number, options: { bold?: boolean; color?: typeof INK } = {}) {
    this.page.drawText(this.clean(text), { x, y: this.y, size, font: options.bold ? this.fonts.bold : this.fonts.regular, color: options.color ?? INK });
  }

  heading(document: ReportDocument) {
    this.y -= SIZE.title;
    this.text(document.title, MARGIN, SIZE.title, { bold: true });
    this.y -= 8;
    for (const [label, value] of document.heading) {
      this.y -= LINE + 2;
      this.text(`${label}:`, MARGIN, SIZE.heading, { bold: true, color: MUTED });
      this.text(value, MARGIN + 70, SIZE.heading);
    }
    this.y -= 14;
  }

  tiles(tiles: ReportTile[]) {
    const gap = 10;
    const width = (WIDTH - gap * (tiles.length - 1)) / tiles.length;
    const height = 64;
    const top = this.y;
    tiles.forEach((tile, i) => {
      const x = MARGIN + i * (width + gap);
      this.page.drawRectangle({ x, y: top - height, width, height, borderColor: RULE, borderWidth: 1, color: SHADE });
      const inner = width - 2 * PAD - 4;
      const lines: [string, number, boolean, typeof INK][] = [
        [tile.label.toUpperCase(), SIZE.footer, true, MUTED],
        [tile.value, SIZE.tileValue, true, INK],
        [wrap(tile.detail, this.fonts.regular, SIZE.footer, inner)[0]!, SIZE.footer, false, MUTED],
        ...(tile.change ? [[wrap(tile.change, this.fonts.regular, SIZE.footer, inner)[0]!, SIZE.footer, false, MUTED] as [string, number, boolean, typeof INK]] : []),
      ];
      this.y = top - 6;
      for (const [text, size, bold, color] of lines) {
        this.y -= size + 3;
        this.text(text, x + PAD + 2, size, { bold, color });
      }
    });
    this.y = top - height - 18;
  }

  table(table: ReportTable) {
    const widths = columnWidths(table, this.fonts);
    const right = table.columns.map((_, i) => isFigureColumn(table, i));
    const cells = (row: string[], font: PDFFont) => row.map((cell, i) => wrap(this.clean(cell), font, SIZE.cell, widths[i]! - 2 * PAD));
    const header = cells(table.columns, this.fonts.bold);
    const rowHeight = (lines: string[][]) => Math.max(...lines.map((l) => l.length)) * LINE + PAD;

    const drawRow = (lines: string[][], bold: boolean) => {
      const height = rowHeight(lines);
      if (bold) this.page.drawRectangle({ x: MARGIN, y: this.y - height + 3, width: widths.reduce((a, b) => a + b, 0), height, color: SHADE });
      let x = MARGIN;
      lines.forEach((cellLines, i) => {
        const font = bold ? this.fonts.bold : this.fonts.regular;
        cellLines.forEach((line, n) => {
          const width = font.widthOfTextAtSize(line, SIZE.cell);
          const at = right[i] ? x + widths[i]! - PAD - width : x + PAD;
          this.page.drawText(line, { x: at, y: this.y - (n + 1) * LINE + 3, size: SIZE.cell, font, color: INK });
        });
        x += widths[i]!;
      });
      this.y -= height;
      this.page.drawLine({ start: { x: MARGIN, y: this.y + 2 }, end: { x: MARGIN + widths.reduce((a, b) => a + b, 0), y: this.y + 2 }, color: RULE, thickness: 0.5 });
    };

    // A table that fits on a page starts on a fresh one rather than break; a longer one breaks.
    const rows = table.rows.map((row) => cells(row, this.fonts.regular));
    const whole = SIZE.tableTitle + 6 + rowHeight(header) + (rows.length === 0 ? LINE + 4 : rows.reduce((n, r) => n + rowHeight(r), 0));
    this.room(whole <= PAGE.height - 2 * MARGIN - LINE ? whole : SIZE.tableTitle + 2 * LINE + rowHeight(header));
    this.y -= SIZE.tableTitle;
    this.text(table.title, MARGIN, SIZE.tableTitle, { bold: true });
    this.y -= 6;
    drawRow(header, true);
    if (table.rows.length === 0) {
      this.y -= LINE;
      this.text(table.empty ?? 'None', MARGIN + PAD, SIZE.cell, { color: MUTED });
      this.y -= 4;
    }
    for (const lines of rows) {
      // A table that runs onto the next page repeats its header there.
      if (this.room(rowHeight(lines))) {
        this.y -= SIZE.tableTitle;
        this.text(`${table.title} (continued)`, MARGIN, SIZE.tableTitle, { bold: true });
        this.y -= 6;
        drawRow(header, true);
      }
      drawRow(lines, false);
    }
    this.y -= 20;
  }

  footers(document: ReportDocument) {
    this.pages.forEach((page, i) => {
      const text = this.clean(`${document.title} - ${document.heading.map(([, v]) => v).slice(0, 2).join(' - ')} - Page ${i + 1} of ${this.pages.length}`);
      page.drawText(text, { x: MARGIN, y: MARGIN / 2, size: SIZE.footer, font: this.fonts.regular, color: MUTED });
    });
  }
}

/** A report as a PDF: title, where and when, the tiles, then every table the screen shows. */
export async function reportPdf(document: ReportDocument): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`${document.title} - ${document.heading.map(([, v]) => v).slice(0, 2).join(' - ')}`);
  pdf.setCreator(`${PRODUCT_NAME} ${PRODUCT_SUBTITLE}`);
  const fonts = { regular: await pdf.embedFont(StandardFonts.Helvetica), bold: await pdf.embedFont(StandardFonts.HelveticaBold) };
  const writer = new Writer(pdf, fonts, printable(fonts.regular));
  writer.heading(document);
  writer.tiles(document.tiles);
  for (const table of document.tables) writer.table(table);
  writer.footers(document);
  return pdf.save();
}
