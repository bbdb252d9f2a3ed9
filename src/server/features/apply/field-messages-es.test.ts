import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLAN_DISCLOSURES_VERSION } from '#domain/enrollment/plan-disclosures';
import { createTestApp, type TestApp } from '#tests/setup/test-app';
import {
  expenseLines,
  householdBody,
  newBorrower,
  put,
  toCredit,
  toEligibleDebts,
  toExpenses,
} from '#tests/support/borrower-flow';
import { qualifiedBorrower } from '#tests/support/staff-actions';
import { MAX_SELF_REPORTED_DEBTS } from './eligible-debts';

// The field messages the application's saves refuse with themselves (beyond the schemas' own), in Spanish for a
// Spanish reader: each worded by its id, which the answer carries in `fieldMessages` beside the text.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

type Borrower = Awaited<ReturnType<typeof newBorrower>>;

/** The borrower reads the site in Spanish from now on (the language switch's cookie). */
const inSpanish = (b: Borrower) => b.client.jar.set('lang', 'es');

const refusal = (res: { statusCode: number; body: string; json: () => unknown }) =>
  res.json() as {
    fieldErrors: Record<string, string>;
    fieldMessages?: Record<string, { messageId: string; values?: unknown }>;
  };

describe('the application’s own field messages in Spanish, with their ids', () => {
  it('household: a phone the lookup calls invalid', async () => {
    const b = await newBorrower(t);
    await put(b.client, '/api/application/hardships', { other: true });
    inSpanish(b);
    const res = await put(
      b.client,
      '/api/application/household',
      householdBody('Doe', { borrower: { ...householdBody('Doe').borrower, phoneNumber: '999-555-0143' } }),
    );
    expect(res.statusCode).toBe(400);
    expect(refusal(res).fieldErrors).toEqual({
      'borrower.phoneNumber': 'Número de teléfono: el dato no es válido',
    });
    expect(refusal(res).fieldMessages).toEqual({
      'borrower.phoneNumber': {
        messageId: 'validation.invalid',
        values: { label: { id: 'validation.label.phoneNumber' } },
      },
    });
  });

  it('credit: the spouse’s tick, then the spouse’s typed name', async () => {
    const b = await newBorrower(t);
    await toCredit(b, {
      hasSpouse: true,
      spouse: {
        firstName: 'Sam',
        lastName: 'Doe',
        dateOfBirth: '02-03-1986',
        hasSameAddressAsBorrower: true,
      },
    });
    inSpanish(b);
    const unticked = await put(b.client, '/api/application/credit', { consentedToCreditPolicy: true });
    expect(unticked.statusCode).toBe(400);
    expect(refusal(unticked).fieldErrors).toEqual({
      spouseConsentedToCreditPolicy: 'Se requiere su consentimiento para la consulta de crédito',
    });
    expect(refusal(unticked).fieldMessages).toEqual({
      spouseConsentedToCreditPolicy: { messageId: 'validation.creditConsentRequired' },
    });
    const misnamed = await put(b.client, '/api/application/credit', {
      consentedToCreditPolicy: true,
      spouseConsentedToCreditPolicy: true,
      spouseFullName: 'Someone Else',
    });
    expect(misnamed.statusCode).toBe(400);
    expect(refusal(misnamed).fieldErrors.spouseFullName).toMatch(/^Este nombre no coincide/);
    expect(refusal(misnamed).fieldMessages).toEqual({
      spouseFullName: { messageId: 'validation.spouseConsent.nameMismatch' },
    });
  });

  it('eligible debts: a debt that is not the borrower’s, and one added debt too many', async () => {
    const b = await newBorrower(t);
    await toEligibleDebts(b);
    inSpanish(b);
    const unknown = await put(b.client, '/api/application/eligible-debts', { selectedIds: [randomUUID()] });
    expect(unknown.statusCode).toBe(400);
    expect(refusal(unknown).fieldErrors).toEqual({ selectedIds: 'Deuda seleccionada: el dato no es válido' });
    expect(refusal(unknown).fieldMessages?.selectedIds).toEqual({
      messageId: 'validation.invalid',
      values: { label: { id: 'validation.label.selectedDebt' } },
    });
    const debt = { creditorName: 'Hometown Credit Union', currentBalance: 320_000, monthlyPayment: 9_500 };
    for (let i = 0; i < MAX_SELF_REPORTED_DEBTS; i++) {
      const added = await b.client.post('/api/application/eligible-debts/missing', debt);
      expect(added.statusCode, added.body).toBe(200);
    }
    const tooMany = await b.client.post('/api/application/eligible-debts/missing', debt);
    expect(tooMany.statusCode).toBe(400);
    expect(refusal(tooMany).fieldErrors).toEqual({
      creditorName: `Puede agregar como máximo ${MAX_SELF_REPORTED_DEBTS} deudas. Llámenos para agregar más.`,
    });
    expect(refusal(tooMany).fieldMessages).toEqual({
      creditorName: { messageId: 'validation.debts.tooManyAdded', values: { n: MAX_SELF_REPORTED_DEBTS } },
    });
  });

  it('expenses: a line the application does not have', async () => {
    const b = await newBorrower(t);
    await toExpenses(b, 500_000);
    inSpanish(b);
    const lines = await expenseLines(b);
    const res = await put(b.client, '/api/application/expenses', {
      lines: [...lines, { category: 'housing', subCategory: 'castleUpkeep', selfReportedValue: 100 }],
    });
    expect(res.statusCode).toBe(400);
    const field = `lines.${lines.length}`;
    expect(refusal(res).fieldErrors).toEqual({ [field]: 'Gasto: el dato no es válido' });
    expect(refusal(res).fieldMessages).toEqual({
      [field]: { messageId: 'validation.invalid', values: { label: { id: 'validation.label.expense' } } },
    });
  });

  it('offers: every offer left out, and disclosures read in a version no longer current', async () => {
    const b = await qualifiedBorrower(t, 'Refused');
    inSpanish(b);
    const ids = ((await b.client.get('/api/application/offers')).json().offers as { id: string }[]).map(
      (o) => o.id,
    );
    const accept = (body: Record<string, unknown>) =>
      b.client.post('/api/application/offers/accept', {
        leftOut: [],
        draftDay: 1,
        disclosuresVersion: PLAN_DISCLOSURES_VERSION,
        agreed: true,
        ...body,
      });
    const all = await accept({ leftOut: ids });
    expect(all.statusCode).toBe(400);
    expect(refusal(all).fieldErrors).toEqual({
      leftOut: 'Mantenga al menos una oferta en su plan, o elija dejarlas todas fuera.',
    });
    expect(refusal(all).fieldMessages).toEqual({ leftOut: { messageId: 'validation.offers.keepOne' } });
    const stale = await accept({ disclosuresVersion: 'an-old-version' });
    expect(stale.statusCode).toBe(400);
    expect(refusal(stale).fieldErrors).toEqual({
      agreed: 'Las divulgaciones del plan cambiaron desde que abrió esta página. Léalas de nuevo.',
    });
    expect(refusal(stale).fieldMessages).toEqual({
      agreed: { messageId: 'validation.offers.disclosuresChanged' },
    });
  });
});
