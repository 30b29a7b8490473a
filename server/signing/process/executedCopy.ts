import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import { PRODUCT_NAME } from '@shared/constants';
import { printable, wrap } from '../../reports/pdf';

/** What the audit page of an executed agreement says: the signature as the log recorded it. */
export interface SignatureAudit {
  deal_name: string;
  company_name: string;
  signer_name: string;
  signed_at: string;
  ip: string;
  user_agent: string;
  agreement_version: number;
  document_sha256: string;
  token_id: string;
  /** The signature event's position in the log and its version in the deal's stream. */
  position: number;
  stream_version: number;
}

const PAGE = { width: 612, height: 792 };
const MARGIN = 56;
const WIDTH = PAGE.width - 2 * MARGIN;
const INK = rgb(0.06, 0.09, 0.16);
const MUTED = rgb(0.39, 0.45, 0.53);

/**
 * The signed agreement with a final audit page: who signed, when, from which address and user
 * agent, the hash of the exact document signed and where the signature stands in the log. The
 * same agreement and signature always give the same bytes (no clock is read), so a signing the
 * process does again after a crash stores the same file under the same hash.
 */
export async function executedCopy(agreement: Buffer, audit: SignatureAudit): Promise<Buffer> {
  const doc = await PDFDocument.load(agreement, { updateMetadata: false });
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const mono = await doc.embedFont(StandardFonts.Courier);
  const page = doc.addPage([PAGE.width, PAGE.height]);
  let y = PAGE.height - MARGIN;

  page.drawText('Signature audit trail', { x: MARGIN, y: y - 20, size: 20, font: bold, color: INK });
  y -= 44;
  const intro = `This page was added by ${PRODUCT_NAME} when the agreement was signed. It records the electronic signature of the document above.`;
  for (const line of wrap(printable(regular)(intro), regular, 10, WIDTH)) {
    page.drawText(line, { x: MARGIN, y, size: 10, font: regular, color: MUTED });
    y -= 14;
  }
  y -= 12;

  const rows: [string, string, 'text' | 'code'][] = [
    ['Deal', audit.deal_name, 'text'],
    ['Company', audit.company_name, 'text'],
    ['Signed by', audit.signer_name, 'text'],
    ['Signed at', audit.signed_at, 'text'],
    ['IP address', audit.ip || 'unknown', 'text'],
    ['User agent', audit.user_agent || 'unknown', 'text'],
    ['Agreement version', String(audit.agreement_version), 'text'],
    ['Document SHA-256', audit.document_sha256, 'code'],
    ['Signing token', audit.token_id, 'code'],
    ['Signature event', `log position ${audit.position}, deal stream version ${audit.stream_version}`, 'text'],
  ];
  const labelWidth = 130;
  for (const [label, value, kind] of rows) {
    const font = kind === 'code' ? mono : regular;
    const size = kind === 'code' ? 9 : 11;
    page.drawText(label, { x: MARGIN, y, size: 11, font: bold, color: INK });
    for (const line of wrap(printable(font)(value), font, size, WIDTH - labelWidth)) {
      page.drawText(line, { x: MARGIN + labelWidth, y, size, font, color: INK });
      y -= 15;
    }
    y -= 6;
  }
  // Fixed dates: the file depends on the signature only.
  doc.setModificationDate(new Date(audit.signed_at));
  return Buffer.from(await doc.save({ updateFieldAppearances: false }));
}
