import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sumCents } from '#domain/money/cents';
import { ineligibleDebtPayments } from '#domain/underwriting/expense-estimates';
import { application } from '#server/db/schema/application';
import { debt } from '#server/db/schema/credit';
import { smsOutbox } from '#server/db/schema/ops';
import { openSmsBody } from '#server/sms/outbox';
import { expenseLines, newBorrower, put, toExpenses } from '#tests/support/borrower-flow';
import { signedInStaff } from '#tests/support/staff-actions';
import { createTestApp, type TestApp } from '#tests/setup/test-app';

// The text messages a Spanish-speaking borrower receives, read from the outbox as they leave: in Spanish,
// with Spanish opt-out wording (PARAR), while the English borrower's keep STOP.

let t: TestApp;
let staff: Awaited<ReturnType<typeof signedInStaff>>;
beforeAll(async () => {
  t = await createTestApp();
  staff = await signedInStaff(t, 'Sam Staff');
});
afterAll(async () => {
  await t.close();
});

/** A borrower from the lead form who then switched the page to `language` (the switch stores it). */
async function borrowerReading(language: 'en' | 'es', lastName: string) {
  const b = await newBorrower(t, lastName);
  const res = await b.client.send('PUT', '/api/account/language', { language });
  expect(res.statusCode).toBe(204);
  return b;
}

const textsOf = async (applicationId: string, eventType: string) =>
  (
    await t.db
      .select()
      .from(smsOutbox)
      .where(and(eq(smsOutbox.applicationId, applicationId), eq(smsOutbox.eventType, eventType)))
  ).map((row) => ({ ...row, text: openSmsBody(t.cipher, row) ?? '' }));

describe('texts to a Spanish-speaking borrower', () => {
  it('a counsellor’s text-message attempt goes out in Spanish, saying PARAR to opt out', async () => {
    const b = await borrowerReading('es', 'Texto');
    const res = await staff.client.post(`/api/staff/applications/${b.applicationId}/contact-attempts`, {
      method: 'textMessage',
      outcome: 'noAnswer',
    });
    expect(res.statusCode, res.body).toBe(201);
    const [sent, ...more] = await textsOf(b.applicationId, 'contactAttempt');
    expect(more).toEqual([]);
    expect(sent).toMatchObject({ to: '+14155550123' });
    expect(sent!.text).toBe(
      'Clearpath Debt Relief: Hola, Pat. Sam, de Clearpath Debt Relief, intentó comunicarse con usted sobre su ' +
        'solicitud del plan de manejo de deudas. Por favor, llámenos al (800) 555-0199 (de lunes a viernes, de ' +
        '9 a. m. a 5 p. m., hora del Este). Responda PARAR para no recibir más mensajes.',
    );
    expect(sent!.text).not.toMatch(/STOP|Reply/);
  });

  it('the offers-ready text at qualification is in Spanish with a link that opens in Spanish', async () => {
    const b = await borrowerReading('es', 'Ofertas');
    await qualify(b);
    const [sent] = await textsOf(b.applicationId, 'obtainedOffer');
    expect(sent!.text).toMatch(
      /^Clearpath Debt Relief: ¡Buenas noticias, Pat! Las ofertas de su plan de manejo de deudas están listas\. Revíselas en (\S+)\. Responda PARAR para no recibir más mensajes\.$/,
    );
    const link = new URL(/Revíselas en (\S+)\. /.exec(sent!.text)![1]!);
    expect(link.searchParams.get('lang')).toBe('es');
  });

  it('the same texts to an English-speaking borrower stay English, with STOP', async () => {
    const b = await borrowerReading('en', 'English');
    await staff.client.post(`/api/staff/applications/${b.applicationId}/contact-attempts`, {
      method: 'textMessage',
      outcome: 'noAnswer',
    });
    const [sent] = await textsOf(b.applicationId, 'contactAttempt');
    expect(sent!.text).toMatch(/^Clearpath Debt Relief: Hi Pat, .* Reply STOP to opt out\.$/);
    expect(sent!.text).not.toContain('PARAR');
  });
});

/** Answers /expenses with an income that covers the plan, as a qualifying borrower would. */
async function qualify(b: Awaited<ReturnType<typeof newBorrower>>) {
  await toExpenses(b, 500_000);
  const total = ((await b.client.get('/api/application/expenses')).json() as { total: number }).total;
  const debts = await t.db.select().from(debt).where(eq(debt.applicationId, b.applicationId));
  const ineligible = ineligibleDebtPayments(
    debts.map((d) => ({
      accountType: d.accountType ?? '',
      scheduledMonthlyPayment: d.scheduledMonthlyPayment ?? 0,
      currentBalance: d.currentBalance,
      dateClosed: d.dateClosed,
    })),
    { isHomeowner: false },
  );
  const items = (await b.client.get('/api/application/eligible-debts')).json().items as {
    estimatedMonthlyPayment: number;
  }[];
  const current = sumCents(items.map((i) => i.estimatedMonthlyPayment));
  const income = Math.round((total + ineligible + current + 10_000) / 100) * 100;
  await t.db
    .update(application)
    .set({ selfReportedMonthlyCurrentIncome: income })
    .where(eq(application.id, b.applicationId));
  const res = await put(b.client, '/api/application/expenses', { lines: await expenseLines(b) });
  expect(res.json()).toEqual({ next: '/offers/review' });
}
