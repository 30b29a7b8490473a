import { PDFDocument, PageSizes, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { formatCurrency } from '@shared/domain/money';
import type { AgreementTerms } from '@shared/schemas/agreements';
import { termWords } from './agreementTerms';

const MARGIN = 56;
const [PAGE_WIDTH, PAGE_HEIGHT] = PageSizes.Letter;
const WIDTH = PAGE_WIDTH - 2 * MARGIN;
const INK = rgb(0.08, 0.11, 0.17);
const MUTED = rgb(0.4, 0.45, 0.52);
const RULE = rgb(0.85, 0.87, 0.9);
const SHADE = rgb(0.95, 0.96, 0.98);
const LINE = 14;

const AGREEMENT_TYPE_WORDS: Record<string, string> = { new_business: 'New business', renewal: 'Renewal', expansion: 'Expansion' };

/** 2025-03-01 -> March 1, 2025 (the calendar day as written, whatever the server's zone). */
export function longDate(iso: string): string {
  return new Date(`${iso.slice(0, 10)}T00:00:00Z`).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
}

/** The standard fonts encode WinAnsi only: a character they lack prints as '?' instead of failing. */
function printable(font: PDFFont) {
  const known = new Set(font.getCharacterSet());
  return (text: string) => [...text].map((c) => (known.has(c.codePointAt(0)!) ? c : '?')).join('');
}

function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if (line && font.widthOfTextAtSize(next, size) > width) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  lines.push(line);
  return lines;
}

/** Writes top to bottom, starting a page when the next block does not fit. */
class Sheet {
  private page!: PDFPage;
  readonly pages: PDFPage[] = [];
  y = 0;
  constructor(
    private readonly pdf: PDFDocument,
    readonly regular: PDFFont,
    readonly bold: PDFFont,
  ) {
    this.newPage();
  }
  private readonly clean = (text: string) => printable(this.regular)(text);

  newPage() {
    this.page = this.pdf.addPage(PageSizes.Letter);
    this.pages.push(this.page);
    this.y = PAGE_HEIGHT - MARGIN;
  }

  room(height: number) {
    if (this.y - height < MARGIN + LINE) this.newPage();
  }

  text(text: string, x: number, size: number, { bold = false, color = INK } = {}) {
    this.page.drawText(this.clean(text), { x, y: this.y, size, font: bold ? this.bold : this.regular, color });
  }

  rightText(text: string, right: number, size: number, bold = false) {
    const clean = this.clean(text);
    const font = bold ? this.bold : this.regular;
    this.page.drawText(clean, { x: right - font.widthOfTextAtSize(clean, size), y: this.y, size, font, color: INK });
  }

  heading(text: string) {
    this.room(LINE * 4);
    this.y -= LINE + 6;
    this.text(text, MARGIN, 12, { bold: true });
    this.y -= 5;
    this.page.drawLine({ start: { x: MARGIN, y: this.y }, end: { x: MARGIN + WIDTH, y: this.y }, color: RULE, thickness: 0.75 });
  }

  paragraph(text: string, size = 9.5) {
    for (const line of wrap(this.clean(text), this.regular, size, WIDTH)) {
      this.room(LINE);
      this.y -= LINE;
      this.text(line, MARGIN, size);
    }
  }

  /** Label and value rows in two columns. */
  facts(rows: [string, string][]) {
    for (const [label, value] of rows) {
      const lines = wrap(this.clean(value), this.regular, 10, WIDTH - 150);
      this.room(LINE * lines.length);
      this.y -= LINE;
      this.text(label, MARGIN, 10, { bold: true, color: MUTED });
      lines.forEach((line, i) => {
        if (i > 0) this.y -= LINE;
        this.text(line, MARGIN + 150, 10);
      });
    }
  }

  /** A table whose columns after the first are figures, right-aligned. */
  table(columns: string[], widths: number[], rows: string[][], total?: string[]) {
    const draw = (cells: string[], bold: boolean, shade: boolean) => {
      this.room(LINE + 6);
      this.y -= LINE + 4;
      if (shade) this.page.drawRectangle({ x: MARGIN, y: this.y - 4, width: WIDTH, height: LINE + 4, color: SHADE });
      let x = MARGIN;
      cells.forEach((cell, i) => {
        if (i === 0) this.text(cell, x + 4, 9.5, { bold });
        else this.rightText(cell, x + widths[i]! - 4, 9.5, bold);
        x += widths[i]!;
      });
    };
    draw(columns, true, true);
    for (const row of rows) draw(row, false, false);
    if (total) draw(total, true, true);
  }

  footers(title: string) {
    this.pages.forEach((page, i) => {
      const text = this.clean(`${title} - Page ${i + 1} of ${this.pages.length}`);
      page.drawText(text, { x: MARGIN, y: MARGIN / 2, size: 8, font: this.regular, color: MUTED });
    });
  }

  /** A line to sign on, with what goes under it. */
  signatureLine(x: number, width: number, caption: string) {
    this.page.drawLine({ start: { x, y: this.y }, end: { x: x + width, y: this.y }, color: INK, thickness: 0.75 });
    this.page.drawText(this.clean(caption), { x, y: this.y - 11, size: 8.5, font: this.regular, color: MUTED });
  }
}

/**
 * The membership agreement as a PDF (pdf-lib, standard fonts): the operator and location, the
 * member company and its contact, the offices with their desks and marketed vs offered rates,
 * start, term, end, monthly price and deal value, notice, the usual clauses and the signature
 * block. Dated by its terms' generation time, so the same terms give the same bytes.
 */
export async function agreementPdf(terms: AgreementTerms): Promise<Uint8Array> {
  const generated = new Date(terms.generated_at);
  const title = `Membership Agreement - ${terms.deal_name} - Version ${terms.agreement_version}`;
  const pdf = await PDFDocument.create();
  pdf.setTitle(title);
  pdf.setAuthor(terms.operator.name);
  pdf.setSubject(`${terms.company_name} at ${terms.location.name}`);
  pdf.setCreationDate(generated);
  pdf.setModificationDate(generated);
  const sheet = new Sheet(pdf, await pdf.embedFont(StandardFonts.Helvetica), await pdf.embedFont(StandardFonts.HelveticaBold));
  const place = [terms.location.name, terms.location.address, terms.location.city].filter(Boolean).join(', ');

  sheet.y -= 20;
  sheet.text('Membership Agreement', MARGIN, 20, { bold: true });
  sheet.y -= LINE + 2;
  sheet.text(`${terms.deal_name} - Version ${terms.agreement_version} - prepared ${longDate(terms.generated_at)}`, MARGIN, 10, { color: MUTED });

  sheet.heading('Parties');
  sheet.facts([
    ['Operator', terms.operator.name],
    ['Location', place],
    ['Member company', terms.company_name],
    ['Contact', [terms.contact.name, terms.contact.title].filter(Boolean).join(', ')],
    ['Contact e-mail', terms.contact.email],
    ...(terms.contact.phone ? ([['Contact phone', terms.contact.phone]] as [string, string][]) : []),
  ]);

  sheet.heading('Membership');
  sheet.facts([
    ['Agreement', AGREEMENT_TYPE_WORDS[terms.agreement_type] ?? terms.agreement_type],
    ['Membership type', terms.membership_type],
    ['Start date', longDate(terms.start_date)],
    ['Term', termWords(terms.term_months, terms.term_days)],
    ['Term ends', longDate(terms.end_date)],
    ['Monthly price', formatCurrency(terms.monthly_price)],
    ['Deal value', formatCurrency(terms.deal_value)],
    ['Notice', terms.notice_by ? `${terms.notice_by} before the term ends` : 'As set out in clause 4'],
  ]);

  sheet.heading('Offices');
  const desks = terms.offices.reduce((n, o) => n + o.desks, 0);
  const marketed = terms.offices.reduce((n, o) => n + o.marketed_monthly, 0);
  sheet.table(
    ['Office', 'Desks', 'Marketed rate / month', 'Offered rate / month'],
    [WIDTH - 330, 70, 130, 130],
    terms.offices.map((o) => [`Office ${o.office_number}`, String(o.desks), formatCurrency(o.marketed_monthly), formatCurrency(o.offered_monthly)]),
    ['Total', String(desks), formatCurrency(marketed), formatCurrency(terms.monthly_price)],
  );

  sheet.heading('Terms');
  const clauses = [
    `1. Membership. ${terms.operator.name} grants ${terms.company_name} (the Member) a membership to use the offices listed above at ${place} from ${longDate(terms.start_date)} for ${termWords(terms.term_months, terms.term_days)}, until ${longDate(terms.end_date)}.`,
    `2. Fees. The Member pays ${formatCurrency(terms.monthly_price)} per month, in advance on the first day of each month, for a total of ${formatCurrency(terms.deal_value)} over the term.`,
    '3. Services. The membership includes furnished offices, shared common areas, internet access, cleaning and building access during the location\'s opening hours.',
    `4. Notice. ${terms.notice_by ? `Either party gives notice ${terms.notice_by} before the term ends` : 'Either party gives at least one month\'s written notice before the term ends'}; without notice the membership continues month to month at the same monthly price.`,
    '5. Use. The Member uses the offices as offices only, complies with the location\'s house rules and leaves the offices in the condition received, fair wear excepted.',
    '6. Signature. This agreement may be signed electronically; an electronic signature has the same effect as a handwritten one.',
  ];
  for (const clause of clauses) {
    sheet.paragraph(clause);
    sheet.y -= 4;
  }

  sheet.heading('Signatures');
  sheet.room(110);
  sheet.y -= 60;
  const half = (WIDTH - 40) / 2;
  sheet.signatureLine(MARGIN, half, `For ${terms.company_name}: name, signature and date`);
  sheet.signatureLine(MARGIN + half + 40, half, `For ${terms.operator.name}: name, signature and date`);
  sheet.y -= 30;
  sheet.text(`Signer: ${terms.contact.name}${terms.contact.title ? `, ${terms.contact.title}` : ''}`, MARGIN, 9, { color: MUTED });

  sheet.footers(title);
  return pdf.save();
}
