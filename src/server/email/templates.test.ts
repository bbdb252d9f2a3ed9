import { describe, expect, it } from 'vitest';
import { DRAFT_ON_NON_BUSINESS_DAY } from '#domain/enrollment/letter-of-authorization';
import { SITE } from '#domain/site';
import { OUTCOME_TEXTS } from '#domain/underwriting/outcomes';
import { payoffPlan } from '#domain/underwriting/payoff-plan';
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

  it('not qualified: every outcome, its title, why and next steps, in Spanish; the payoff plan too', () => {
    const mail = notQualifiedEmail({
      to: 'a@example.org',
      firstName: 'Pat',
      publicUrl,
      outcome: {
        outcomes: ['cashflowTooHigh', 'insufficientIncome', 'noCreditFile', 'qualityControlFailed'],
        payoffPlan: {
          ...payoffPlan([
            { id: 'a', name: 'Chase', balance: 300000, aprBp: 2190, payment: 8500 },
            { id: 'b', name: 'Store Card', balance: 120000, aprBp: 2190, payment: 2000 },
          ]),
          aprAssumed: true,
        },
      },
      today: new Date('2026-11-26T00:00:00Z'),
      language: 'es',
    });
    expect(mail.text).toContain('Por qué: Usted puede pagar sus deudas sin un plan.');
    expect(mail.text).toContain('Por qué: No pudimos encontrar su expediente de crédito.');
    expect(mail.text).toContain('Llámenos al (800) 555-0199, de lunes a viernes');
    expect(mail.text).toMatch(/estará libre de deudas para [a-z]+ de \d{4}/);
    expect(mail.text).toContain('Con $20 al mes, Store Card no se terminará de pagar por sí sola');
    for (const english of ['Why:', 'What you can do', 'You can pay your debts', 'Call us at', 'debt-free'])
      expect(mail.text).not.toContain(english);
    // English readers keep the domain's words.
    const en = notQualifiedEmail({
      to: 'a@example.org',
      firstName: 'Pat',
      publicUrl,
      outcome: { outcomes: ['cashflowTooHigh'], payoffPlan: null },
      today: new Date('2026-11-26T00:00:00Z'),
      language: 'en',
    });
    expect(en.text).toContain(
      `Why: ${OUTCOME_TEXTS.cashflowTooHigh.title}. ${OUTCOME_TEXTS.cashflowTooHigh.why}`,
    );
  });

  it('plan changed: each creditor that declined is named in its own sentence, "pagándole" (not "pagándoles")', () => {
    const mail = planChangedEmail({
      to: 'a@example.org',
      name: 'Pat',
      publicUrl,
      language: 'es',
      term: { was: 60, now: 60 },
      draftsBefore: false,
      fit: null,
      answers: [
        { kind: 'declined', id: 'o1', creditorName: 'Chase', currentPayment: 12_345 },
        { kind: 'declined', id: 'o2', creditorName: 'Citi', currentPayment: 5_000 },
      ],
      change: {
        declinedByCreditor: [],
        appliesFrom: null,
        monthlyDraft: 90_000,
        authorizedMonthlyDraft: 100_000,
        needsConfirmation: false,
      } as never,
    });
    expect(mail.text).toContain('Chase rechazó el plan');
    expect(mail.text).toContain('Por favor, siga pagándole usted mismo, como lo hace hoy: unos $123 al mes.');
    expect(mail.text).toContain('Por favor, siga pagándole usted mismo, como lo hace hoy: unos $50 al mes.');
    expect(mail.text).not.toContain('pagándoles');
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

  const settled = {
    to: 'a@example.org',
    name: 'Pat',
    publicUrl,
    term: { was: 60, now: 53 },
    draftsBefore: false,
    fit: null,
  };

  it('plan changed: each answer in Spanish, money in US format, dates in Spanish', () => {
    const mail = planChangedEmail({
      ...settled,
      language: 'es',
      answers: [
        { kind: 'declined', id: 'c', creditorName: 'Citi', currentPayment: 12_345 },
        { kind: 'notReached', id: 'd', creditorName: 'Discover', currentPayment: 5_000 },
      ],
      change: {
        declinedByCreditor: [],
        appliesFrom: '2027-01-01',
        monthlyDraft: 123_456,
        authorizedMonthlyDraft: 100_000,
        needsConfirmation: true,
      } as never,
    });
    expect(mail.subject).toBe('Por favor, confirme el nuevo pago de su plan');
    expect(mail.text).toContain('Citi rechazó el plan');
    expect(mail.text).toContain('No pudimos comunicarnos con Discover');
    expect(mail.text).not.toContain('Discover rechazó');
    expect(mail.text).toContain('El cargo mensual de su plan ahora es de $1,234.56, más que los $1,000.00');
    expect(mail.text).toContain('a partir de su cargo del 1 de enero de 2027.');
    expect(mail.text).toContain(
      'Su plan ahora dura 53 cargos mensuales en lugar de los 60 que usted autorizó.',
    );
    expect(mail.links[0]!.label).toBe('Confirme el nuevo monto en Mi plan');
  });

  it('plan changed after a decline and a counter-offer: one email naming both, the new amount, term and first draft', () => {
    const mail = planChangedEmail({
      ...settled,
      language: 'en',
      answers: [
        {
          kind: 'counterOffer',
          id: 's',
          creditorName: 'Synchrony',
          payment: 9_200,
          aprBp: 990,
          proposedPayment: 7_000,
          proposedAprBp: 800,
        },
        { kind: 'declined', id: 'b', creditorName: 'Barclays', currentPayment: 4_800 },
        { kind: 'notReached', id: 'c', creditorName: 'Citi', currentPayment: 3_000 },
      ],
      change: {
        declinedByCreditor: [],
        appliesFrom: '2027-01-11',
        monthlyDraft: 29_433,
        authorizedMonthlyDraft: 32_423,
        needsConfirmation: false,
      } as never,
      fit: {
        room: 42_600,
        monthlyDraft: 29_433,
        payDirectly: 16_200,
        monthlyTotal: 45_633,
        left: -3_033,
        fits: false,
        thin: false,
      },
    });
    expect(mail.text).toContain(
      'Synchrony made a counter-offer: it accepts $92.00 a month at 9.90% APR, instead of the $70.00 a month at 8.00% APR we proposed.',
    );
    expect(mail.text).toContain(
      'Barclays declined the plan, so it is not on it. Please keep paying it yourself, as you do today: about $48 a month.',
    );
    // Recorded as "unable to contact the lender": the agency's failure, never the creditor's refusal.
    expect(mail.text).toContain('We could not reach Citi to agree the plan');
    expect(mail.text).not.toContain('Citi declined');
    expect(mail.text).toContain(
      'The amount drawn each month for your plan changes from $324.23 to $294.33, from your draft on January 11, 2027.',
    );
    // The change applies from the first draft: no draft "stays" at the old amount.
    expect(mail.text).not.toContain('stay at');
    expect(mail.text).toContain('Your plan now takes 53 monthly drafts instead of the 60 you authorized.');
    expect(mail.text).toContain(
      'Your plan’s draft of $294.33 and the $162.00 a month you keep paying creditors yourself come to $456.33 a month, $30.33 more than the $426.00 your budget leaves after your expenses.',
    );
    const later = planChangedEmail({
      ...settled,
      answers: [],
      draftsBefore: true,
      change: {
        declinedByCreditor: [],
        appliesFrom: '2027-02-11',
        monthlyDraft: 29_433,
        authorizedMonthlyDraft: 32_423,
        needsConfirmation: false,
      } as never,
    });
    expect(later.text).toContain(
      'from your draft on February 11, 2027. Your drafts before then stay at $324.23.',
    );
    expect(later.text).not.toContain('no longer');
  });

  it('plan changed by the silent-creditor default: the creditor did not answer, in Spanish and English', () => {
    const change = {
      declinedByCreditor: [],
      appliesFrom: null,
      monthlyDraft: 90_000,
      authorizedMonthlyDraft: 100_000,
      needsConfirmation: false,
    } as never;
    const answers = [
      { kind: 'silentDeclined', id: 'c', creditorName: 'Citi', currentPayment: 12_345, days: 30 },
      { kind: 'declined', id: 'd', creditorName: 'Discover', currentPayment: 5_000 },
    ] as const;
    const es = planChangedEmail({ ...settled, language: 'es', change, answers });
    expect(es.text).toContain('Citi no respondió al plan que propusimos en 30 días. Suele rechazar');
    expect(es.text).toContain('Hasta que responda, por favor siga pagándole usted mismo');
    // The other creditor did decline; Citi is not said to have.
    expect(es.text).toContain('Discover rechazó el plan');
    expect(es.text).not.toContain('Citi rechazó');
    const en = planChangedEmail({ ...settled, language: 'en', change, answers });
    expect(en.text).toContain('Citi has not answered the plan we proposed within 30 days.');
    expect(en.text).toContain(
      'Until it answers, please keep paying it yourself, as you do today: about $123 a month.',
    );
    const accepted = planChangedEmail({
      ...settled,
      language: 'es',
      change,
      answers: [{ kind: 'silentAccepted', id: 'c', creditorName: 'Citi', payment: 10_000, days: null }],
    });
    expect(accepted.text).toContain(
      'Citi no respondió al plan que propusimos a tiempo. Suele aceptar planes como el suyo',
    );
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
