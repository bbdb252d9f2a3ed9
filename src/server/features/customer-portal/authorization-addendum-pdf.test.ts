import { describe, expect, it } from 'vitest';
import {
  type AuthorizationAddendumInput,
  authorizationAddendumContent,
  authorizationAddendumFigures,
  formatConfirmedAt,
} from '#domain/enrollment/authorization-addendum';
import { authorizationAddendumEmail } from '#server/email/templates';
import { pdfLayoutText } from '#tests/support/pdf-text';
import { letterIntl } from '#server/application/letter-intl';
import { renderLetterVersionsPdf } from '#server/application/render-letter';

// The addendum to the Letter of Authorization a borrower gets when they confirm a higher amount, as a reader
// of the PDF gets it (pdftotext), in English and in Spanish; and its email, whose figures are the PDF's.

const figures = authorizationAddendumFigures(
  {
    monthlyDraft: 29_000,
    termInMonths: 48,
    draftDay: 15,
    lastDraftDate: '2030-06-15',
    creditorsMonthlyPayment: 27_000,
    monthlyFee: 2_000,
  },
  { authorizedMonthlyDraft: 26_000, appliesFrom: '2026-09-15' },
);
// 14:04 UTC on September 1, 2026 is 10:04 in New York (daylight time).
const at = new Date('2026-09-01T14:04:00Z');
const input = (language: 'en' | 'es'): AuthorizationAddendumInput => ({
  borrowerName: 'Juana  Pérez',
  agency: { name: 'Harbor Light Credit Counseling', phone: '(800) 555-0199' },
  letterSignedOn: '2026-06-01',
  confirmedOn: '2026-09-01',
  confirmedAt: formatConfirmedAt(at, language, 'America/New_York'),
  figures,
  raisedBy: ['Big Card'],
  creditors: [
    {
      creditorName: 'Big Card',
      accountNumber: '5178231234564321',
      balance: 900_000,
      newMonthlyPayment: 21_000,
    },
    { creditorName: 'Small Card', accountNumber: null, balance: 300_000, newMonthlyPayment: 6_000 },
  ],
});

async function pdfOf(language: 'en' | 'es') {
  const content = authorizationAddendumContent(input(language), letterIntl(language));
  const { pdf } = await renderLetterVersionsPdf([{ content, intl: letterIntl(language) }]);
  return { pdf, text: pdfLayoutText(pdf).join('\n').replace(/\s+/g, ' ') };
}

describe('the addendum to the Letter of Authorization', () => {
  it('states the borrower, the old and new draft, the first draft it applies to, the term and how it was confirmed', async () => {
    const { text } = await pdfOf('en');
    for (const words of [
      'Addendum to the Letter of Authorization',
      'September 1, 2026',
      'Juana Pérez',
      'This addendum amends the Letter of Authorization signed on June 1, 2026. It changes only the amount drawn each month; the rest of the letter stays as signed.',
      'Why: Big Card’s counter-offer raised the amount the plan needs each month.',
      'Monthly draft authorized until now: $260.00. New monthly draft: $290.00, from the draft on September 15, 2026; the drafts before it stay at $260.00.',
      'The plan: 48 monthly drafts in all, on the 15th of each month, the last on June 15, 2030. Of each draft, $270.00 goes to the creditors listed below and $20.00 is Harbor Light Credit Counseling’s monthly fee.',
      'Big Card XXXX4321 $9,000.00 $210.00',
      'Small Card Not on file $3,000.00 $60.00',
      'I, Juana Pérez, authorize Harbor Light Credit Counseling to draw $290.00 each month',
      'How this authorization was given: confirmed electronically by Juana Pérez in Harbor Light Credit Counseling’s customer portal, on September 1, 2026 at 10:04 AM EDT',
    ])
      expect(text).toContain(words);
    // Never a whole account number.
    expect(text).not.toContain('5178231234564321');
  });

  it('is written in Spanish for a Spanish-speaking borrower', async () => {
    const { text } = await pdfOf('es');
    for (const words of [
      'Anexo a la carta de autorización',
      '1 de septiembre de 2026',
      'Este anexo modifica la carta de autorización firmada el 1 de junio de 2026.',
      'Motivo: la contraoferta de Big Card subió el monto que el plan requiere cada mes.',
      'Cargo mensual autorizado hasta ahora: $260.00. Nuevo cargo mensual: $290.00, a partir del cargo del 15 de septiembre de 2026',
      'El plan: 48 cargos mensuales en total, el día 15 de cada mes, el último el 15 de junio de 2030.',
      'Yo, Juana Pérez, autorizo a Harbor Light Credit Counseling a cobrar $290.00 cada mes',
      'Cómo se otorgó esta autorización: Juana Pérez la confirmó electrónicamente en el portal de clientes',
    ])
      expect(text).toContain(words);
    expect(text).not.toContain('Monthly draft');
  });

  it('one figure, one source: the email states the amounts and date the PDF states, and carries that PDF', async () => {
    const { pdf, text } = await pdfOf('en');
    const email = authorizationAddendumEmail({
      to: 'juana@example.com',
      name: 'Juana',
      publicUrl: 'https://plan.example',
      figures,
      confirmedAt: input('en').confirmedAt,
      pdf,
    });
    expect(email.text).toContain(
      'Hi Juana, on September 1, 2026 at 10:04 AM EDT you confirmed on My plan that Harbor Light Credit Counseling may draw $290.00 each month instead of the $260.00 you had authorized, from your draft on September 15, 2026.',
    );
    for (const figure of ['$290.00', '$260.00', 'September 15, 2026']) expect(text).toContain(figure);
    expect(Buffer.from(email.attachments![0]!.content, 'base64').equals(Buffer.from(pdf))).toBe(true);
    const spanish = authorizationAddendumEmail({
      ...email,
      name: 'Juana',
      publicUrl: 'https://plan.example',
      figures,
      confirmedAt: input('es').confirmedAt,
      pdf,
      language: 'es',
    });
    expect(spanish.subject).toBe('Su nueva autorización: $290.00 al mes');
    expect(spanish.text).toContain(
      'puede cobrar $290.00 cada mes en lugar de los $260.00 que había autorizado, a partir de su cargo del 15 de septiembre de 2026.',
    );
    expect(spanish.attachments![0]!.filename).toBe('Anexo a la carta de autorización.pdf');
  });
});
