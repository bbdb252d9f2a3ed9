import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#tests/setup/test-app';
import { expenseLines, newBorrower, put, toExpenses } from '#tests/support/borrower-flow';

// The application's whole-answer refusals with figures (a budget that needs no plan, applying again too soon or
// from an application still open), in Spanish for a Spanish reader: each worded by its id, which the answer
// carries beside the text with its values, so a page can word it itself.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

type Borrower = Awaited<ReturnType<typeof newBorrower>>;

/** The borrower reads the site in Spanish from now on (the language switch's cookie). */
const inSpanish = (b: Borrower) => b.client.jar.set('lang', 'es');

/** A borrower whose budget pays the debts without a plan (the largest income). */
async function withRoomToSpare(lastName: string) {
  const b = await newBorrower(t, lastName);
  await toExpenses(b, 9_999_999_00);
  return b;
}

describe('the application’s refusals in Spanish, with their ids', () => {
  it('expenses: a budget that needs no plan, with its figures as values', async () => {
    const b = await withRoomToSpare('Sobra');
    const lines = await expenseLines(b);
    inSpanish(b);
    const res = await put(b.client, '/api/application/expenses', { lines });
    expect(res.statusCode).toBe(422);
    const body = res.json();
    expect(body).toMatchObject({ code: 'WouldDisqualify', messageId: 'apply.budget.planNotNeeded' });
    expect(Object.keys(body.values).sort()).toEqual(['below', 'current', 'less', 'room', 'spare']);
    expect(body.message).toMatch(/^Su presupuesto deja \$[\d,]+ al mes/);
    expect(body.message).toContain(body.values.room);
  });

  it('reapply: not before the waiting period, the day as its value', async () => {
    const b = await withRoomToSpare('Pronto');
    const end = await put(b.client, '/api/application/expenses', {
      lines: await expenseLines(b),
      confirmDisqualification: true,
    });
    expect(end.json()).toEqual({ next: '/offers/not-qualified' });
    inSpanish(b);
    const res = await b.client.post('/api/application/reapply', { change: null });
    expect(res.statusCode).toBe(409);
    const body = res.json();
    expect(body).toMatchObject({ code: 'Conflict', messageId: 'apply.notQualified.again.tooSoon' });
    expect(body.values.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(body.message).toBe(
      `Puede volver a solicitar a partir del ${body.values.date}, o ahora si su situación ha cambiado.`,
    );
  });

  it('reapply: only an application that ended not qualified', async () => {
    const b = await newBorrower(t, 'Abierta');
    inSpanish(b);
    const res = await b.client.post('/api/application/reapply', { change: 'income' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'Conflict',
      message: 'Solo se puede volver a empezar una solicitud que terminó sin calificar.',
      messageId: 'validation.reapply.notQualifiedOnly',
    });
  });
});
