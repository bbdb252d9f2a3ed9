import { PDFDocument } from '@cantoo/pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type LetterOfAuthorizationInput,
  letterOfAuthorizationContent,
} from '#domain/enrollment/letter-of-authorization';
import { RECIPIENT_IDS } from '#providers/e-signature/connect-webhook';
import { createDocuSignESignature } from '#providers/e-signature/docusign';
import type { EnvelopeSigner, PagePoint, SignerRole } from '#providers/e-signature/port';
import { createSandboxESignature } from '#providers/e-signature/sandbox';
import { pdfText } from '#tests/contracts/e-signature.contract';
import { type DocuSignFake, startDocuSignFake } from '#tests/fakes/docusign-fake';
import { pdfLayoutText, type PdfWord, pdfWords } from '#tests/support/pdf-text';
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
const renderPdf = async (i: LetterOfAuthorizationInput) => (await render(i)).pdf;

/** What the letters used to carry, hidden, for providers to find: none may reach a reader. */
const ANCHOR = /\/(sig|date)-(borrower|spouse)\/|sandbox-signature/;

describe('renderLetterOfAuthorizationPdf', () => {
  it('answers a PDF that pdf-lib loads, titled, with at least one page', async () => {
    const pdf = await renderPdf(input);
    expect(Buffer.from(pdf.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
    const doc = await PDFDocument.load(pdf);
    expect(doc.getPageCount()).toBeGreaterThanOrEqual(1);
    expect(doc.getTitle()).toBe('Letter of Authorization');
    expect(doc.getPage(0).getSize()).toEqual({ width: 612, height: 792 });
  });

  it('keeps its text extractable: names, masked numbers, money, and nothing hidden', async () => {
    const text = (await pdfText(await renderPdf(input))).join('\n');
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
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('5178231234567890');
    expect(text).not.toContain('1111222233334444');
    expect(text).not.toMatch(ANCHOR);
  });

  it('gives the spouse a signature block of their own, below the borrower’s', async () => {
    const { pdf, positions } = await render({ ...input, spouse: { fullName: 'John Doe' } });
    const text = (await pdfText(pdf)).join('\n');
    expect(text).toContain('John Doe, Spouse');
    expect(text.indexOf('Jane Q. Doe, Borrower')).toBeLessThan(text.indexOf('John Doe, Spouse'));
    const [borrower, spouse] = [positions.borrower!.signature, positions.spouse!.signature];
    // Lower on the same page, or on a later one.
    expect(spouse.page > borrower.page || (spouse.page === borrower.page && spouse.y < borrower.y)).toBe(
      true,
    );
  });

  it('continues a long creditors table on further pages, header repeated, every creditor listed', async () => {
    const short = await PDFDocument.load(await renderPdf(input));
    const pdf = await renderPdf({ ...input, spouse: { fullName: 'John Doe' }, creditors: manyCreditors(40) });
    const pages = await pdfText(pdf);
    expect(pages.length).toBeGreaterThan(short.getPageCount());
    const text = pages.join('\n');
    for (let i = 1; i <= 40; i += 1) expect(text).toContain(`CREDITOR NUMBER ${i}\n`);
    expect(pages.filter((p) => p.includes('New monthly payment')).length).toBeGreaterThanOrEqual(2);
    pages.forEach((page, i) => expect(page).toContain(`page ${i + 1} of ${pages.length}`));
  });

  it('wraps a creditor name too long for its column rather than running into the next one', async () => {
    const longName = 'THE VERY LONG NAME OF A DEBT BUYER THAT BOUGHT THIS ACCOUNT FROM ANOTHER DEBT BUYER';
    const pdf = await renderPdf({
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
    const pdf = await renderPdf({ ...input, borrower: { ...input.borrower, fullName: 'Łucja Nguyễn José' } });
    const text = (await pdfText(pdf)).join('\n');
    expect(text).toContain('?ucja Nguyen Jos');
  });

  it('answers where each signer signs and dates: on their lines, their name under the signature line', async () => {
    const { pdf, positions } = await render({
      ...input,
      spouse: { fullName: 'John Doe' },
      creditors: manyCreditors(40),
    });
    const words = pdfWords(pdf);
    for (const [role, label] of [
      ['borrower', 'Borrower'],
      ['spouse', 'Spouse'],
    ] as const) {
      const at = positions[role]!;
      // The long table pushes the signatures past the first page.
      expect(at.signature.page).toBeGreaterThan(1);
      expect(at.date.page).toBe(at.signature.page);
      expect(at.date.y).toBe(at.signature.y);
      expect(at.date.x).toBeGreaterThan(at.signature.x);
      // The signer's name and role just under the signature line, 'Date' under the date line.
      const under = (text: string, point: PagePoint) =>
        words.some(
          (w) =>
            w.text === text &&
            w.xMin >= point.x - 1 &&
            w.xMin < point.x + 270 &&
            near(w, point, { below: true }),
        );
      expect(under(label, at.signature)).toBe(true);
      expect(under('Date', at.date)).toBe(true);
    }
  });
});

const PAGE_HEIGHT = 792;

/**
 * Whether an extracted word sits on the line at `point` (its bottom within a few points above the line,
 * where a stamp goes) or, with `below`, under it (its top within a line's height below).
 */
function near(word: PdfWord, point: PagePoint, o: { below?: boolean } = {}): boolean {
  const lineFromTop = PAGE_HEIGHT - point.y;
  if (word.page !== point.page) return false;
  return o.below
    ? word.yMin > lineFromTop && word.yMin < lineFromTop + 16
    : word.yMax <= lineFromTop + 1 && word.yMax > lineFromTop - 8;
}

const couple: LetterOfAuthorizationInput = { ...input, spouse: { fullName: 'John Doe' } };
const SIGNED_AT = new Date('2026-03-15T14:03:05Z');
const PEOPLE = {
  borrower: { name: 'Jane Q. Doe', email: 'jane.doe@example.org' },
  spouse: { name: 'John Doe', email: 'john.doe@example.org' },
} as const;

/** The signers of a rendered letter, with the positions the letter answered. */
const signersOf = (
  letter: Awaited<ReturnType<typeof render>>,
  roles: readonly SignerRole[],
): EnvelopeSigner[] => roles.map((role) => ({ role, ...PEOPLE[role], positions: letter.positions[role]! }));

describe.each([
  ['the borrower alone', input, ['borrower'] as const],
  ['the borrower and the spouse', couple, ['borrower', 'spouse'] as const],
])('the signed letter of %s', (_label, letterInput, roles) => {
  it('as the sandbox stamps it: each signature and date on the signer’s lines, and no anchor in its text', async () => {
    const letter = await render({ ...letterInput, creditors: manyCreditors(30) });
    const sandbox = createSandboxESignature({
      secret: 'render-letter-test',
      signingPageUrl: 'https://app.example.org/sign-letter',
      now: () => SIGNED_AT,
    });
    const { envelopeId } = await sandbox.createEnvelope({
      document: letter.pdf,
      documentName: 'Letter of Authorization.pdf',
      emailSubject: 'Please sign',
      signers: signersOf(letter, roles),
    });
    for (const role of roles) {
      const url = await sandbox.signingUrl({ envelopeId, role, returnUrl: 'https://app.example.org/' });
      await sandbox.sign({ token: new URL(url).hash.slice('#t='.length), typedName: PEOPLE[role].name });
    }
    const signed = await sandbox.getSignedDocument(envelopeId);

    const pages = pdfLayoutText(signed);
    expect(pages).toHaveLength((await PDFDocument.load(letter.pdf)).getPageCount());
    const text = pages.join('\n');
    expect(text).not.toMatch(ANCHOR);
    const words = pdfWords(signed);
    for (const role of roles) {
      const at = letter.positions[role]!;
      const stamp = `Signed electronically by ${PEOPLE[role].name} (${role}) on 2026-03-15 14:03:05 UTC`;
      expect(pages[at.signature.page - 1]).toContain(stamp);
      // The stamp starts at the signature line's left end, just above it; the date on the date line.
      const first = words.filter(
        (w) => w.text === 'Signed' && w.page === at.signature.page && Math.abs(w.xMin - at.signature.x) < 1,
      );
      expect(first.filter((w) => near(w, at.signature))).toHaveLength(1);
      const dates = words.filter(
        (w) => w.text === '2026-03-15' && w.page === at.date.page && Math.abs(w.xMin - at.date.x) < 1,
      );
      expect(dates.filter((w) => near(w, at.date))).toHaveLength(1);
    }
    // Nobody else's signature: the borrower alone leaves no spouse stamp.
    expect(text.match(/Signed electronically by/g)).toHaveLength(roles.length);
  });
});

describe('the signed letter DocuSign returns', () => {
  let fake: DocuSignFake;
  beforeAll(async () => {
    fake = await startDocuSignFake();
  });
  afterAll(async () => {
    await fake?.close();
  });

  it('is the letter as sent, with no anchor in its text, and tabs where the signers’ lines are', async () => {
    const letter = await render(couple);
    const docuSign = createDocuSignESignature({ ...fake.config, connectHmacKey: 'render-letter-test' });
    const { envelopeId } = await docuSign.createEnvelope({
      document: letter.pdf,
      documentName: 'Letter of Authorization.pdf',
      emailSubject: 'Please sign',
      signers: signersOf(letter, ['borrower', 'spouse']),
    });
    for (const role of ['borrower', 'spouse'] as const) fake.markSigned(envelopeId, RECIPIENT_IDS[role]);
    // The fake answers the document as sent: DocuSign adds its signatures to that, and only that.
    const signed = await docuSign.getSignedDocument(envelopeId);
    expect(pdfLayoutText(signed).join('\n')).not.toMatch(ANCHOR);
    expect(pdfLayoutText(signed).join('\n')).toContain('Jane Q. Doe, Borrower');
    const tabs = fake.envelope(envelopeId)!.signers.map((s) => s.tabs);
    for (const [i, role] of (['borrower', 'spouse'] as const).entries()) {
      const at = letter.positions[role]!;
      expect(tabs[i]).toEqual({
        signHereTabs: [
          {
            documentId: '1',
            pageNumber: String(at.signature.page),
            xPosition: String(at.signature.x),
            yPosition: String(Math.round(PAGE_HEIGHT - at.signature.y - 36)),
          },
        ],
        dateSignedTabs: [
          {
            documentId: '1',
            pageNumber: String(at.date.page),
            xPosition: String(at.date.x),
            yPosition: String(Math.round(PAGE_HEIGHT - at.date.y - 14)),
          },
        ],
      });
    }
  });
});
