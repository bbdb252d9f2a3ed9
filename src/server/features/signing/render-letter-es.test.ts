import { PDFDocument } from '@cantoo/pdf-lib';
import { describe, expect, it } from 'vitest';
import {
  LETTER_TEXT_VERSIONS,
  type LetterOfAuthorizationInput,
  formatLetterDateIn,
  letterOfAuthorizationContent,
} from '#domain/enrollment/letter-of-authorization';
import { formatMessageRef } from '#domain/i18n/message';
import { letterRenewedRef } from '#domain/validation/messages';
import { pdfLayoutText } from '#tests/support/pdf-text';
import { createSandboxESignature, stampSignature } from '#providers/e-signature/sandbox';
import { letterIntl } from './build-letter';
import { renderLetterOfAuthorizationPdf } from './render-letter';

// The Letter of Authorization written in Spanish, as a reader of the PDF gets it (pdftotext).

const input: LetterOfAuthorizationInput = {
  date: '2026-03-15',
  agency: { name: 'Harbor Light Credit Counseling', phone: '(800) 555-0199' },
  borrower: { fullName: 'Juana Pérez', addressLines: ['123 Main St', 'Springfield, IL 62704'] },
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
      balance: 385_510,
      newMonthlyPayment: 7_710,
    },
  ],
  plan: {
    monthlyDraft: 20_457,
    creditorsMonthlyPayment: 17_957,
    monthlyFee: 2_500,
    setupFee: 3_500,
    termInMonths: 54,
    draftDay: 5,
    lastDraftAmount: 9_000,
    firstDraftDate: '2026-04-05',
    lastDraftDate: '2030-09-05',
  },
  paymentAccount: { institutionName: 'First Platypus Bank', accountNumber: '1111222233334444' },
};

const spanish = letterIntl('es');
/** The PDF's text with its lines joined, as a reader would read the sentences. */
async function readSpanish(i: LetterOfAuthorizationInput) {
  const content = letterOfAuthorizationContent(i, spanish);
  const { pdf } = await renderLetterOfAuthorizationPdf(content, spanish);
  const pages = pdfLayoutText(pdf);
  return { content, pdf, pages, text: pages.join('\n').replace(/\s+/g, ' ') };
}

describe('the Letter of Authorization in Spanish', () => {
  it('is written in Spanish: title, dates, table, plan, disclosures, signature line and page numbers', async () => {
    const { content, pdf, pages, text } = await readSpanish(input);
    expect(content).toMatchObject({ language: 'es', textVersion: LETTER_TEXT_VERSIONS.es });
    expect(text).toContain('Carta de autorización');
    expect(text).toContain('15 de marzo de 2026');
    expect(text).toContain(
      'Yo, Juana Pérez, autorizo a Harbor Light Credit Counseling, una agencia de asesoría de crédito sin fines de lucro',
    );
    for (const words of [
      'Acreedor',
      'Cuenta',
      'Saldo',
      'Nuevo pago mensual',
      'Total (2 cuentas)',
      'No registrado',
    ])
      expect(text).toContain(words);
    // Money stays in US format; the draft day and the dates in Spanish.
    expect(text).toContain(
      'Autorizo a Harbor Light Credit Counseling a cobrar $204.57 de mi cuenta de cheques XXXX4444 en First Platypus Bank mediante débito electrónico el día 5 de cada mes, 54 cargos en total, el primero el 5 de abril de 2026 y el último el 5 de septiembre de 2030, cuando solo queden $90.00 por cobrar.',
    );
    expect(text).toContain('una tarifa de inscripción única de $35.00');
    expect(text).toContain('Antes de firmar, se me informó que:');
    expect(text).toContain('Puede cancelar el plan en cualquier momento');
    expect(text).toContain('Juana Pérez, Titular');
    expect(text).toContain('Fecha');
    expect(pages[0]).toMatch(/Carta de autorización - página 1 de \d/);
    // The sender and recipient blocks' headings, each on a line of its own beside the other.
    expect(pages[0]).toMatch(/^\s*De\s{2,}Para\s*$/m);
    // Nothing of the English letter is left.
    for (const english of [
      'Letter of Authorization',
      'authorize',
      'Creditor',
      'Balance',
      'Borrower',
      ' page ',
      'From',
    ])
      expect(text).not.toContain(english);
    const doc = await PDFDocument.load(pdf);
    expect(doc.getTitle()).toBe('Carta de autorización');
  });

  it('speaks for a couple in the plural, with the spouse signing as such', async () => {
    const { text } = await readSpanish({ ...input, spouse: { fullName: 'Juan Gómez' } });
    expect(text).toContain(
      'Nosotros, Juana Pérez y Juan Gómez, autorizamos a Harbor Light Credit Counseling',
    );
    expect(text).toContain('Antes de firmar, se nos informó que:');
    expect(text).toContain('Juan Gómez, Cónyuge');
    expect(text).toContain(
      'aceptamos que nuestras firmas electrónicas tienen el mismo efecto que firmas manuscritas',
    );
  });

  it('says a connected bank’s account by the end of its number, in the PDF', async () => {
    const { text } = await readSpanish({
      ...input,
      paymentAccount: { institutionName: 'First Platypus Bank', mask: '1485' },
    });
    expect(text).toContain(
      'Autorizo a Harbor Light Credit Counseling a cobrar $204.57 de mi cuenta de cheques terminada en 1485 en First Platypus Bank mediante débito electrónico',
    );
    expect(text).not.toContain('XXXX85');
  });

  it('keeps the English letter as it was, with its own version', async () => {
    const content = letterOfAuthorizationContent(input);
    expect(content).toMatchObject({ language: 'en', textVersion: LETTER_TEXT_VERSIONS.en });
    expect(content.title).toBe('Letter of Authorization');
    expect(LETTER_TEXT_VERSIONS.es).not.toBe(LETTER_TEXT_VERSIONS.en);
  });

  it('says in Spanish that a letter was made again, with the new first draft date', () => {
    const renewed = (language: 'en' | 'es') =>
      formatMessageRef(letterRenewedRef(formatLetterDateIn('2026-04-05', language)), (descriptor, values) =>
        letterIntl(language).formatMessage(descriptor, values),
      );
    expect(renewed('es')).toBe(
      'La fecha del primer cargo de esta carta ya está demasiado cerca para que podamos preparar el cargo a tiempo, por lo que ya no se puede firmar. Le enviamos por correo electrónico una nueva carta, con el primer cargo el 5 de abril de 2026. Firme esa carta, por favor.',
    );
    expect(renewed('en')).toBe(
      'The first draft date on this letter is now too close for us to set up the draft in time, so it can no longer be signed. We have emailed you a new letter, with the first draft on April 5, 2026. Please sign that one.',
    );
  });

  it('is stamped by the sandbox in Spanish when signed, on the signer’s lines', async () => {
    const content = letterOfAuthorizationContent({ ...input, spouse: { fullName: 'Juan Gómez' } }, spanish);
    const letter = await renderLetterOfAuthorizationPdf(content, spanish);
    const sandbox = createSandboxESignature({
      secret: 'render-letter-es-test',
      signingPageUrl: 'https://app.example.org/sign-letter',
      now: () => new Date('2026-03-15T14:03:05Z'),
    });
    const people = {
      borrower: { name: 'Juana Pérez', email: 'juana@example.org' },
      spouse: { name: 'Juan Gómez', email: 'juan@example.org' },
    } as const;
    const roles = ['borrower', 'spouse'] as const;
    const { envelopeId } = await sandbox.createEnvelope({
      document: letter.pdf,
      documentName: 'Carta de autorización.pdf',
      emailSubject: 'Firme, por favor',
      signers: roles.map((role) => ({ role, ...people[role], positions: letter.positions[role]! })),
    });
    for (const role of roles) {
      const url = await sandbox.signingUrl({ envelopeId, role, returnUrl: 'https://app.example.org/' });
      await sandbox.sign({ token: new URL(url).hash.slice('#t='.length), typedName: people[role].name });
    }
    const text = pdfLayoutText(await sandbox.getSignedDocument(envelopeId)).join('\n');
    expect(text).toContain('Firmado electrónicamente por Juana Pérez (titular) el 2026-03-15 14:03:05 UTC');
    expect(text).toContain('Firmado electrónicamente por Juan Gómez (cónyuge) el 2026-03-15 14:03:05 UTC');
    expect(text).not.toContain('Signed electronically');
  });

  it('stamps a Spanish document without signature lines on a signatures page in Spanish, one stamp under another', async () => {
    const { pdf } = await renderLetterOfAuthorizationPdf(
      letterOfAuthorizationContent(input, spanish),
      spanish,
    );
    const at = new Date('2026-03-15T14:03:05Z');
    const once = await stampSignature(pdf, { role: 'borrower', fullName: 'Juana Pérez', signedAt: at });
    const twice = await stampSignature(once, { role: 'spouse', fullName: 'Juan Gómez', signedAt: at });
    const pages = pdfLayoutText(twice);
    expect(pages).toHaveLength(pdfLayoutText(once).length);
    const last = pages.at(-1)!;
    expect(last).toContain('Firmas electrónicas');
    expect(last).toContain('Firmado electrónicamente por Juana Pérez (titular) el 2026-03-15 14:03:05 UTC');
    expect(last).toContain('Firmado electrónicamente por Juan Gómez (cónyuge) el 2026-03-15 14:03:05 UTC');
    // The English stamp of an English document stays as it was.
    const english = await renderLetterOfAuthorizationPdf(letterOfAuthorizationContent(input));
    const stamped = await stampSignature(english.pdf, {
      role: 'borrower',
      fullName: 'Juana Pérez',
      signedAt: at,
    });
    const englishText = pdfLayoutText(stamped).join('\n');
    expect(englishText).toContain('Electronic signatures');
    expect(englishText).toContain(
      'Signed electronically by Juana Pérez (borrower) on 2026-03-15 14:03:05 UTC',
    );
  });
});
