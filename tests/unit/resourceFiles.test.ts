import { describe, expect, it } from 'vitest';
import { storedFileName } from '../../server/resources/fileName';
import { sniff } from '../../server/resources/sniff';
import { uploadSlots } from '../../server/resources/uploadSlots';
import { compoundFileBytes, docxBytes, exeBytes, pdfBytes, pngBytes, zipBytes } from '../support/sampleFiles';

describe('what a file is, read from its bytes', () => {
  it('knows PDFs, fillable PDFs as forms, Word (docx and 97-2003), UTF-8 text and images', async () => {
    expect(await sniff(await pdfBytes('Plain'))).toMatchObject({ type: 'PDF', contentType: 'application/pdf' });
    expect(await sniff(await pdfBytes('Form', 'name'))).toMatchObject({ type: 'Form', contentType: 'application/pdf' });
    expect(await sniff(docxBytes('Hello'))).toMatchObject({ type: 'Doc', extensions: ['docx'] });
    expect(await sniff(compoundFileBytes(true))).toMatchObject({ type: 'Doc', contentType: 'application/msword' });
    expect(await sniff(Buffer.from('Name,Desk\nPat,4\n'))).toMatchObject({ type: 'Doc', contentType: 'text/plain; charset=utf-8' });
    expect(await sniff(pngBytes())).toMatchObject({ type: 'Doc', contentType: 'image/png' });
  });

  it('refuses executables, archives, other compound files and binary data', async () => {
    expect(await sniff(exeBytes())).toBeNull();
    expect(await sniff(zipBytes({ 'readme.txt': 'hello' }))).toBeNull();
    expect(await sniff(compoundFileBytes(false))).toBeNull();
    expect(await sniff(Buffer.from([0x48, 0x69, 0x00, 0x21]))).toBeNull();
    expect(await sniff(Buffer.from([0xc3, 0x28]))).toBeNull();
  });

  it('takes a PDF pdf-lib cannot read as a PDF still', async () => {
    expect(await sniff(Buffer.from('%PDF-1.7\n%broken beyond repair'))).toMatchObject({ type: 'PDF' });
  });
});

describe('the name a download is saved under', () => {
  const pdf = { type: 'PDF' as const, contentType: 'application/pdf', extensions: ['pdf'] };
  const jpeg = { type: 'Doc' as const, contentType: 'image/jpeg', extensions: ['jpg', 'jpeg'] };

  it('keeps the uploaded name, without folders or control characters, undoing the browser escapes', () => {
    expect(storedFileName('Handbook 2025.pdf', 'Handbook', pdf)).toBe('Handbook 2025.pdf');
    expect(storedFileName('/etc/../secret.pdf', 'x', pdf)).toBe('secret.pdf');
    expect(storedFileName('a\u0007b\tc.pdf', 'x', pdf)).toBe('ab c.pdf');
    expect(storedFileName('My %22best%22 plan%0D%0A.pdf', 'x', pdf)).toBe('My "best" plan.pdf');
  });

  it('ends in an extension the bytes allow, in any letter case', () => {
    expect(storedFileName('scan.JPEG', 'Scan', jpeg)).toBe('scan.JPEG');
    expect(storedFileName('scan.png', 'Scan', jpeg)).toBe('scan.png.jpg');
    expect(storedFileName('', 'Payroll / Calendar', pdf)).toBe('Payroll - Calendar.pdf');
    expect(storedFileName(undefined, '', pdf)).toBe('document.pdf');
  });

  it('is at most 180 characters, keeping its extension', () => {
    const long = storedFileName(`${'n'.repeat(300)}.pdf`, 'x', pdf);
    expect(long).toHaveLength(180);
    expect(long.endsWith('.pdf')).toBe(true);
  });
});

describe('upload slots', () => {
  it('hold at most the given number of uploads; each release frees one slot once', () => {
    const slots = uploadSlots(2);
    const first = slots.take()!;
    expect(slots.take()).not.toBeNull();
    expect(slots.take()).toBeNull();
    first();
    first();
    expect(slots.take()).not.toBeNull();
    expect(slots.take()).toBeNull();
  });
});
