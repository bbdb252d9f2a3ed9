import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import {
  type LetterOfAuthorizationInput,
  letterOfAuthorizationContent,
} from '#domain/enrollment/letter-of-authorization';
import { stampSignature } from '#providers/e-signature/sandbox';
import { pdfText } from '#tests/contracts/e-signature.contract';
import { renderLetterOfAuthorizationPdf } from './render-letter';

const input: LetterOfAuthorizationInput = {
  date: '2026-03-15',
  agency: { name: 'Harbor Light Credit Counseling', phone: '(800) 555-0199' },
  borrower: { fullName: 'Jane Q. Doe', addressLines: ['123 Main St', 'Springfield, IL 62704'] },
  spouse: null,
  creditors: [
    {
      creditorName: 'CAPITAL ONE BANK USA NA',
      accountNumber: '5178231234567890',
      balance: 512_345,
      newMonthlyPayment: 10_247,
    },
    {
      creditorName: 'MIDLAND CREDIT MANAGEMENT',
      accountNumber: null,
      balance: 87_500,
      newMonthlyPayment: 1_750,
    },
  ],
  plan: {
    monthlyDraft: 13_997,
    creditorsMonthlyPayment: 11_997,
    monthlyFee: 2_000,
    setupFee: 3_500,
    termInMonths: 54,
    draftDay: 5,
    lastDraftAmount: 9_000,
    firstDraftDate: '2026-04-05',
    lastDraftDate: '2030-09-05',
  },
  paymentAccount: { institutionName: 'First Platypus Bank', accountNumber: '1111222233334444' },
};

const manyCreditors = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    creditorName: `CREDITOR NUMBER ${i + 1}`,
    accountNumber: `40000000${String(1000 + i)}`,
    balance: 250_000 + i,
    newMonthlyPayment: 5_000 + i,
  }));

const render = async (i: LetterOfAuthorizationInput) =>
  renderLetterOfAuthorizationPdf(letterOfAuthorizationContent(i));

describe('renderLetterOfAuthorizationPdf', () => {
  it('answers a PDF that pdf-lib loads, titled, with at least one page', async () => {
    const pdf = await render(input);
    expect(Buffer.from(pdf.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
    const doc = await PDFDocument.load(pdf);
    expect(doc.getPageCount()).toBeGreaterThanOrEqual(1);
    expect(doc.getTitle()).toBe('Letter of Authorization');
    expect(doc.getPage(0).getSize()).toEqual({ width: 612, height: 792 });
  });

  it('keeps its text extractable: names, masked numbers, money, the borrower anchors', async () => {
    const text = (await pdfText(await render(input))).join('\n');
    for (const expected of [
      'Letter of Authorization',
      'March 15, 2026',
      'Jane Q. Doe, Borrower',
      'CAPITAL ONE BANK USA NA',
      'XXXX7890',
      'Not on file',
      '$5,123.45',
      '$102.47',
      'Total (2 accounts)',
      '$5,998.45',
      'XXXX4444',
      '/sig-borrower/',
      '/date-borrower/',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('5178231234567890');
    expect(text).not.toContain('1111222233334444');
    expect(text).not.toContain('/sig-spouse/');
  });

  it('gives the spouse a signature block of their own', async () => {
    const text = (await pdfText(await render({ ...input, spouse: { fullName: 'John Doe' } }))).join('\n');
    expect(text).toContain('John Doe, Spouse');
    expect(text).toContain('/sig-spouse/');
    expect(text).toContain('/date-spouse/');
    expect(text.indexOf('/sig-borrower/')).toBeLessThan(text.indexOf('/sig-spouse/'));
  });

  it('continues a long creditors table on further pages, header repeated, every creditor listed', async () => {
    const short = await PDFDocument.load(await render(input));
    const pdf = await render({ ...input, spouse: { fullName: 'John Doe' }, creditors: manyCreditors(40) });
    const pages = await pdfText(pdf);
    expect(pages.length).toBeGreaterThan(short.getPageCount());
    const text = pages.join('\n');
    for (let i = 1; i <= 40; i += 1) expect(text).toContain(`CREDITOR NUMBER ${i}\n`);
    expect(pages.filter((p) => p.includes('New monthly payment')).length).toBeGreaterThanOrEqual(2);
    pages.forEach((page, i) => expect(page).toContain(`page ${i + 1} of ${pages.length}`));
  });

  it('wraps a creditor name too long for its column rather than running into the next one', async () => {
    const longName = 'THE VERY LONG NAME OF A DEBT BUYER THAT BOUGHT THIS ACCOUNT FROM ANOTHER DEBT BUYER';
    const pdf = await render({
      ...input,
      creditors: [
        { creditorName: longName, accountNumber: '99998888', balance: 1_00, newMonthlyPayment: 1_00 },
      ],
    });
    const text = (await pdfText(pdf)).join('\n');
    expect(text).not.toContain(longName);
    expect(text.replace(/\n/g, ' ')).toContain(longName);
  });

  it('draws a name Helvetica cannot encode instead of failing', async () => {
    const pdf = await render({ ...input, borrower: { ...input.borrower, fullName: 'Łucja Nguyễn José' } });
    const text = (await pdfText(pdf)).join('\n');
    expect(text).toContain('?ucja Nguyen Jos');
  });

  it('carries the anchors where the sandbox stamps each signature, on the signer’s own page', async () => {
    const pdf = await render({ ...input, spouse: { fullName: 'John Doe' }, creditors: manyCreditors(40) });
    const signedAt = new Date('2026-03-15T14:03:05Z');
    let stamped = await stampSignature(pdf, { role: 'borrower', fullName: 'Jane Q. Doe', signedAt });
    stamped = await stampSignature(stamped, { role: 'spouse', fullName: 'John Doe', signedAt });
    const before = await pdfText(pdf);
    const after = await pdfText(stamped);
    expect(after).toHaveLength(before.length);
    for (const [role, name] of [
      ['borrower', 'Jane Q. Doe'],
      ['spouse', 'John Doe'],
    ]) {
      const page = after.findIndex((p) => p.includes(`/sig-${role}/`));
      expect(after[page]).toContain(`Signed electronically by ${name} (${role}) on 2026-03-15 14:03:05 UTC`);
    }
  });
});
