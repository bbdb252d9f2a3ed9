import { describe, expect, it } from 'vitest';
import { DRAFT_ON_NON_BUSINESS_DAY } from '#domain/enrollment/letter-of-authorization';
import { SITE } from '#domain/site';
import {
  bankDisconnectedEmail,
  draftDayChangedEmail,
  FOOTER_HOURS_MESSAGE,
  initialPasswordEmail,
  letterSignedEmail,
  lowBalanceEmail,
  NON_BUSINESS_DAY_MESSAGE,
  notQualifiedEmail,
  planChangedEmail,
  resetPasswordEmail,
  signLetterEmail,
  verifyNewEmailEmail,
} from './templates';

const publicUrl = 'https://app.example.org';
const spanishFooter = '¿Tiene preguntas? Llame al (800) 555-0199';

describe('emails in Spanish', () => {
  it('keeps the translatable copies of shared English equal to their originals', () => {
    expect(FOOTER_HOURS_MESSAGE.defaultMessage).toBe(SITE.hours);
    expect(NON_BUSINESS_DAY_MESSAGE.defaultMessage).toBe(DRAFT_ON_NON_BUSINESS_DAY);
  });

  it('writes English when no language is given, and when English is asked for', () => {
    const o = { publicUrl, email: 'pat@example.org', code: '123456', firstName: 'Pat' };
    expect(initialPasswordEmail(o)).toEqual(initialPasswordEmail({ ...o, language: 'en' }));
    expect(initialPasswordEmail(o).subject).toBe('Finish creating your account');
  });

  it('set password: subject, greeting, code and link', () => {
    const mail = initialPasswordEmail({
      publicUrl,
      email: 'pat@example.org',
      code: '123456',
      firstName: 'Peña',
      language: 'es',
    });
    expect(mail.subject).toBe('Termine de crear su cuenta');
    expect(mail.text).toContain(
      'Hola, Peña: gracias por comenzar su solicitud del plan de manejo de deudas.',
    );
    expect(mail.text).toContain('Su código de verificación es 123456.');
    expect(mail.links).toEqual([
      {
        label: 'Cree su contraseña',
        url: `${publicUrl}/reset-password?email=pat%40example.org&code=123456&purpose=set&lang=es`,
      },
    ]);
    expect(mail.html).toContain('<a href="https://app.example.org/reset-password?');
    expect(mail.text).toContain(spanishFooter);
    expect(mail.text).not.toContain('Questions?');
  });

  it('set password without a first name', () => {
    const mail = initialPasswordEmail({ publicUrl, email: 'a@example.org', code: '1', language: 'es' });
    expect(mail.text.startsWith('Hola: gracias por comenzar')).toBe(true);
  });

  it('sign letter, for the borrower and for the spouse', () => {
    const borrower = signLetterEmail({
      to: 'a@example.org',
      name: 'Pat',
      url: 'https://app.example.org/sign/abc',
      forSpouse: false,
      language: 'es',
    });
    expect(borrower.subject).toBe('Por favor, firme su carta de autorización');
    expect(borrower.text).toContain('Por favor, revise y firme la carta de autorización.');
    expect(borrower.links).toEqual([{ label: 'Revisar y firmar', url: 'https://app.example.org/sign/abc' }]);
    const spouse = signLetterEmail({
      to: 'b@example.org',
      name: 'Sam',
      url: 'https://app.example.org/sign/def',
      forSpouse: true,
      language: 'es',
    });
    expect(spouse.text).toContain('Como cosolicitante');
  });

  it('letter signed: the attachment keeps its content, its name is Spanish', () => {
    const mail = letterSignedEmail({
      to: 'a@example.org',
      name: 'Pat',
      publicUrl,
      signedPdf: new Uint8Array([1, 2, 3]),
      language: 'es',
    });
    expect(mail.subject).toBe('Su carta de autorización firmada');
    expect(mail.text).toContain('Adjuntamos su copia firmada.');
    expect(mail.links[0]).toEqual({ label: 'Su plan', url: `${publicUrl}/customer-portal/plan?lang=es` });
    expect(mail.attachments?.[0]).toMatchObject({
      filename: 'Carta de autorización (firmada).pdf',
      content: Buffer.from([1, 2, 3]).toString('base64'),
    });
  });

  it('reset password and verify new email', () => {
    const reset = resetPasswordEmail({ publicUrl, email: 'a@example.org', code: '42', language: 'es' });
    expect(reset.subject).toBe('Su nuevo enlace de verificación');
    expect(reset.text).toContain('Recibimos una solicitud para restablecer su contraseña.');
    expect(reset.links[0]!.url).toBe(`${publicUrl}/reset-password?email=a%40example.org&code=42&lang=es`);
    const verify = verifyNewEmailEmail({ publicUrl, email: 'a@example.org', code: '42', language: 'es' });
    expect(verify.subject).toBe('Verifique su nueva dirección de correo electrónico');
    expect(verify.links[0]!.url).toBe(`${publicUrl}/verify-new-email?email=a%40example.org&code=42&lang=es`);
  });

  it('not qualified', () => {
    const mail = notQualifiedEmail({
      to: 'a@example.org',
      firstName: 'Pat',
      publicUrl,
      outcome: { outcomes: [], payoffPlan: null } as never,
      today: new Date('2026-11-26T12:00:00Z'),
      language: 'es',
    });
    expect(mail.subject).toBe('Sobre su solicitud del plan de manejo de deudas');
    expect(mail.text).toContain('usted no califica para un plan de manejo de deudas');
    expect(mail.links[0]!.url).toBe(`${publicUrl}/offers/not-qualified?lang=es`);
  });

  it('low balance: the day in Spanish words', () => {
    const mail = lowBalanceEmail({
      to: 'a@example.org',
      firstName: null,
      publicUrl,
      paymentDate: '2027-03-15',
      language: 'es',
    });
    expect(mail.subject).toBe('Se acerca el pago de su plan');
    expect(mail.text).toContain('se hará el 15 de marzo,');
    expect(mail.links[0]!.url).toBe(`${publicUrl}/customer-portal/alerts?lang=es`);
  });

  it('bank disconnected', () => {
    const mail = bankDisconnectedEmail({ to: 'a@example.org', firstName: 'Pat', publicUrl, language: 'es' });
    expect(mail.subject).toBe('Por favor, vuelva a conectar su banco');
    expect(mail.text).toContain('Hola, Pat: ya no podemos acceder a la cuenta bancaria');
  });

  it('plan changed: creditors listed the Spanish way, money in US format, dates in Spanish', () => {
    const mail = planChangedEmail({
      to: 'a@example.org',
      name: 'Pat',
      publicUrl,
      language: 'es',
      change: {
        declinedByCreditor: [
          { creditorName: 'Citi', currentPayment: 12_345 },
          { creditorName: 'Discover', currentPayment: 5_000 },
        ],
        appliesFrom: '2027-01-01',
        monthlyDraft: 123_456,
        authorizedMonthlyDraft: 100_000,
        needsConfirmation: true,
      } as never,
    });
    expect(mail.subject).toBe('Por favor, confirme el nuevo pago de su plan');
    expect(mail.text).toContain('Citi y Discover rechazaron el plan');
    expect(mail.text).toContain('El cargo mensual de su plan ahora es de $1,234.56, más que los $1,000.00');
    expect(mail.text).toContain('a partir de su cargo del 1 de enero de 2027.');
    expect(mail.links[0]!.label).toBe('Confirme el nuevo monto en Mi plan');
  });

  it('plan changed by the silent-creditor default: the creditor did not answer, in Spanish and English', () => {
    const change = {
      declinedByCreditor: [
        { id: 'offer-citi', creditorName: 'Citi', currentPayment: 12_345 },
        { id: 'offer-discover', creditorName: 'Discover', currentPayment: 5_000 },
      ],
      appliesFrom: null,
      monthlyDraft: 90_000,
      authorizedMonthlyDraft: 100_000,
      needsConfirmation: false,
    } as never;
    const silent = { offerId: 'offer-citi', creditorName: 'Citi', days: 30, answer: 'declined' as const };
    const es = planChangedEmail({
      to: 'a@example.org',
      name: 'Pat',
      publicUrl,
      language: 'es',
      change,
      silent,
    });
    expect(es.text).toContain(
      'Hola, Pat: Citi no respondió al plan que propusimos en 30 días. Suele rechazar',
    );
    expect(es.text).toContain('Hasta que Citi responda, por favor siga pagándole usted mismo');
    // The other creditor did decline; Citi is not said to have.
    expect(es.text).toContain('Discover rechazó el plan');
    expect(es.text).not.toContain('Citi rechazó');
    expect(es.text).not.toContain('respondió al plan que propusimos, y');
    const en = planChangedEmail({
      to: 'a@example.org',
      name: 'Pat',
      publicUrl,
      language: 'en',
      change,
      silent,
    });
    expect(en.text).toContain('Hi Pat, Citi has not answered the plan we proposed within 30 days.');
    expect(en.text).toContain(
      'Until Citi answers, please keep paying it yourself, as you do today: about $123 a month.',
    );
    expect(en.text).not.toContain('a creditor has answered');
    const accepted = planChangedEmail({
      to: 'a@example.org',
      name: 'Pat',
      publicUrl,
      language: 'es',
      change: { ...(change as object), declinedByCreditor: [] } as never,
      silent: { ...silent, answer: 'accepted' },
    });
    expect(accepted.text).toContain('Suele aceptar planes como el suyo, así que aplicamos esos términos');
  });

  it('draft day changed', () => {
    const mail = draftDayChangedEmail({
      to: 'a@example.org',
      name: 'Pat',
      publicUrl,
      monthlyDraft: 123_456,
      language: 'es',
      change: { draftDay: 21, firstDraftOnNewDay: '2027-02-21', draftsBeforeChange: ['2027-01-05'] },
    });
    expect(mail.subject).toBe('Cambió el día del cargo mensual de su plan');
    expect(mail.text).toContain(
      'su cargo mensual de $1,234.56 para su plan de manejo de deudas pasa al día 21 de cada mes, a partir de su cargo del 21 de febrero de 2027.',
    );
    expect(mail.text).toContain('Su cargo del 5 de enero de 2027 se mantiene como estaba previsto.');
    expect(mail.links[0]!.url).toBe(`${publicUrl}/customer-portal/plan?lang=es`);
  });
});
