import { describe, expect, it } from 'vitest';
import { SITE } from '#domain/site';
import { contactAttemptText } from '#server/application/contact-attempts';
import {
  bankDisconnectedSms,
  contactAttemptSms,
  helpSms,
  lowBalanceSms,
  offersReadySms,
  optedOutSms,
  SMS_HOURS_MESSAGE,
} from './texts';

describe('text messages in the borrower’s language', () => {
  it('keeps the hours equal to SITE.hours in English', () => {
    expect(SMS_HOURS_MESSAGE.defaultMessage).toBe(SITE.hours);
  });

  it('English stays as it was', () => {
    expect(contactAttemptSms('en', { borrowerFirstName: 'Pat', staffFirstName: 'Sam' })).toBe(
      `Clearpath Debt Relief: Hi Pat, Sam from Clearpath Debt Relief tried to reach you about your debt management plan application. Please call us at ${SITE.phone.display} (${SITE.hours}). Reply STOP to opt out.`,
    );
    expect(contactAttemptText({ borrowerFirstName: null, staffFirstName: null })).toBe(
      `Clearpath Debt Relief: Hi, Clearpath Debt Relief tried to reach you about your debt management plan application. Please call us at ${SITE.phone.display} (${SITE.hours}). Reply STOP to opt out.`,
    );
    expect(offersReadySms('en', { firstName: null, url: 'https://x/sign-in' })).toBe(
      'Clearpath Debt Relief: Good news! Your debt management plan offers are ready. Review them at https://x/sign-in. Reply STOP to opt out.',
    );
  });

  it('Spanish: every text names PARAR to opt out', () => {
    const texts = [
      contactAttemptText({ borrowerFirstName: 'Peña', staffFirstName: 'Sam', language: 'es' }),
      offersReadySms('es', { firstName: 'Peña', url: 'https://x/sign-in' }),
      lowBalanceSms('es', { url: 'https://x/customer-portal/alerts' }),
      bankDisconnectedSms('es', { url: 'https://x/customer-portal/alerts' }),
      helpSms('es'),
    ];
    for (const text of texts) expect(text).toMatch(/Responda PARAR para no recibir más mensajes\.$/);
    expect(texts[0]).toBe(
      'Clearpath Debt Relief: Hola, Peña. Sam, de Clearpath Debt Relief, intentó comunicarse con usted sobre su solicitud del plan de manejo de deudas. Por favor, llámenos al (800) 555-0199 (de lunes a viernes, de 9 a. m. a 5 p. m., hora del Este). Responda PARAR para no recibir más mensajes.',
    );
    expect(texts[1]).toContain(
      '¡Buenas noticias, Peña! Las ofertas de su plan de manejo de deudas están listas.',
    );
    expect(texts[1]).toContain('https://x/sign-in');
    expect(texts[2]).toContain('el saldo de su cuenta parece ser menor que el pago');
    expect(texts[3]).toContain('ya no podemos acceder a su cuenta bancaria');
    expect(optedOutSms('es')).toContain('Ya no recibirá más mensajes de texto');
  });
});
