import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PlanView } from '#domain/enrollment/views';
import type { Language } from '#domain/i18n/language';
import { answerApi, type ApiCall, type ApiReply } from '#web/test/api-mock';
import { renderRoutes } from '#web/test/render';
import { Component as PlanPage, PLAN_PATH } from './plan-page';
import { REAUTHORIZE_PATH } from './api';
import { CONFIRM_BUTTON } from './reauthorization-step';

// Big Card countered: it now asks $210 a month instead of $180. With Small Card ($60) and the $20 fee, the plan
// needs $290.00 a month; the letter authorized $260.00, so $290.00 is not drawn until the borrower confirms.
const HIGHER: PlanView = {
  status: 'transfer',
  terms: {
    monthlyDraft: 29_000,
    creditorsMonthlyPayment: 27_000,
    monthlyFee: 2_000,
    setupFee: 3_500,
    setupFeeDate: '2026-07-15',
    draftDay: 15,
    termInMonths: 48,
    firstDraftDate: '2026-07-15',
    lastDraftDate: '2030-06-15',
    lastDraftAmount: 10_000,
    totalPaid: 47 * 29_000 + 10_000 + 3_500,
    totalFees: 48 * 2_000 + 3_500,
  },
  nextDraftDate: '2026-08-15',
  nextDraftAmount: 26_000,
  // The letter authorized 54 drafts of $260, the last in December 2030.
  change: {
    authorizedMonthlyDraft: 26_000,
    appliesFrom: '2026-09-15',
    needsConfirmation: true,
    raisedBy: ['Big Card'],
    authorizedTermInMonths: 54,
    authorizedLastDraftDate: '2030-12-15',
  },
  reauthorization: null,
  enrollment: {
    monthlyPaymentAmount: 26_000,
    pendingMonthlyPaymentAmount: 29_000,
    firstPaymentDate: '2026-07-15',
    termInMonths: 48,
    projectedDebtFreeDate: '2030-06',
    dateSigned: '2026-06-01',
  },
  fees: { setupFee: 3_500, monthlyFee: 2_000 },
  creditors: [
    {
      id: 'c1',
      creditorName: 'Big Card',
      accountNumberLast4: '4321',
      balance: 900_000,
      status: 'accepted',
      currentMonthlyPayment: 25_400,
      newMonthlyPayment: 21_000,
      payDirectly: null,
      proposedApr: 800,
      term: 48,
      progress: null,
      proposal: null,
    },
    {
      id: 'c2',
      creditorName: 'Small Card',
      accountNumberLast4: null,
      balance: 300_000,
      status: 'accepted',
      currentMonthlyPayment: 8_500,
      newMonthlyPayment: 6_000,
      payDirectly: null,
      proposedApr: 975,
      term: 48,
      progress: null,
      proposal: null,
    },
  ],
  payoff: {
    actual: [],
    points: [{ month: 0, plan: 1_200_000, current: 1_200_000 }],
    planMonths: 48,
    currentMonths: 62,
    interestSaved: 804_000,
    fees: 0,
    netSaved: 804_000,
  },
  paymentAccount: { institutionName: 'First Platypus Bank', mask: '0000' },
  addenda: [],
  letter: { signedOn: '2026-06-01', available: true },
};

const CONFIRMED: PlanView = {
  ...HIGHER,
  nextDraftDate: '2026-09-15',
  nextDraftAmount: 29_000,
  change: null,
  reauthorization: {
    confirmedAt: '2026-09-01T10:00:00.000Z',
    monthlyDraft: 29_000,
    appliesFrom: '2026-09-15',
  },
  enrollment: { ...HIGHER.enrollment!, monthlyPaymentAmount: 29_000, pendingMonthlyPaymentAmount: null },
  addenda: [{ id: 'a1', confirmedOn: '2026-09-01', monthlyDraft: 29_000 }],
};

async function renderPage(
  reauthorize: ApiReply | (() => ApiReply),
  plans: PlanView[] = [HIGHER],
  language: Language = 'en',
) {
  let read = 0;
  const calls: ApiCall[] = answerApi({
    [`GET ${PLAN_PATH}`]: () => ({ status: 200, body: plans[Math.min(read++, plans.length - 1)] }),
    [`POST ${REAUTHORIZE_PATH}`]: reauthorize,
  });
  const app = renderRoutes(
    [{ path: '/customer-portal/plan', Component: PlanPage }],
    '/customer-portal/plan',
    undefined,
    language,
  );
  await screen.findByRole('heading', {
    name: language === 'es' ? 'Confirme el nuevo pago de su plan' : 'Confirm your new plan payment',
  });
  return { calls, user: app.user };
}

const step = () => screen.getByRole('region', { name: 'Confirm your new plan payment' });

describe('My plan: confirming a higher amount drawn each month', () => {
  it('states the new terms, keeps the authorized amount as the draft, and asks for the agreement', async () => {
    await renderPage({ status: 200, body: CONFIRMED });
    // The tiles are the plan the borrower authorized, all of them: never its amount beside the new term.
    expect(
      screen.getByText('Until you confirm, these are the figures of the plan you authorized:'),
    ).toBeVisible();
    const tilesList = document.querySelector('[data-testid="monthly-draft"]')!.closest('dl')!;
    const tiles = [...tilesList.querySelectorAll('dt')].map((dt) => [
      dt.textContent,
      dt.nextElementSibling?.textContent,
    ]);
    expect(tiles).toEqual([
      ['Amount drawn each month', '$260'],
      ['Next draft', 'August 15, 2026'],
      ['Term', '54 months'],
      ['Projected debt-free date', 'December 2030'],
    ]);
    // Why: the creditor's answer that raised the amount.
    expect(screen.getAllByRole('status')[0]).toHaveTextContent(
      'Big Card’s counter-offer raised your plan’s monthly draft: it now needs $290 a month instead of the $260 you authorized.',
    );
    expect(document.body.textContent).toContain(
      "Once you confirm the new amount: Of each draft, $270 goes to your creditors and $20 is the agency's monthly fee.",
    );
    const region = within(step());
    expect(step()).toHaveTextContent('Until you confirm, we keep drawing $260.00 each month');
    expect(step()).toHaveTextContent('Amount drawn each month$290.00');
    expect(step()).toHaveTextContent('From the draft onSeptember 15, 2026');
    // The new plan's term and end are the step's, beside its amount.
    expect(step()).toHaveTextContent('Term48 months');
    expect(step()).toHaveTextContent('Projected debt-free dateJune 2030');
    expect(
      region.getAllByRole('row').map((row) => [...row.children].map((cell) => cell.textContent)),
    ).toEqual([
      ['Paid to', 'Each month'],
      ['Big Card', '$210.00'],
      ['Small Card', '$60.00'],
      ["Harbor Light Credit Counseling's monthly fee", '$20.00'],
    ]);
    expect(
      region.getByRole('checkbox', {
        name: 'I authorize Harbor Light Credit Counseling to draw $290.00 each month from my account ending 0000 from September 15, 2026.',
      }),
    ).not.toBeChecked();
  });

  it('refuses to send without the agreement, then confirms the amount it showed', async () => {
    const { calls, user } = await renderPage({ status: 200, body: CONFIRMED });
    await user.click(screen.getByRole('button', { name: CONFIRM_BUTTON }));
    expect(await screen.findByText('Please tick the box to authorize the new amount')).toBeVisible();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: CONFIRM_BUTTON }));
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(
        'You confirmed the new amount: $290.00 each month, drawn from your draft on September 15, 2026.',
      ),
    );
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      { method: 'POST', path: REAUTHORIZE_PATH, body: { monthlyDraft: 29_000, agreed: true } },
    ]);
    expect(screen.queryByRole('heading', { name: 'Confirm your new plan payment' })).toBeNull();
    expect(document.querySelector('[data-testid="monthly-draft"]')?.textContent).toBe('$290');
    // The borrower's copy of the new authorization, beside the letter.
    const letter = screen.getByRole('region', { name: 'Letter of Authorization' });
    expect(letter).toHaveTextContent('Addendum confirmed on September 1, 2026: $290 a month');
    expect(
      within(letter).getByRole('link', { name: 'Download the addendum of September 1, 2026' }),
    ).toHaveAttribute('href', '/api/customer-portal/addenda/a1');
  });

  it('says so and reads the plan again when the terms changed since the page was opened', async () => {
    const newer: PlanView = {
      ...HIGHER,
      terms: { ...HIGHER.terms, monthlyDraft: 30_000 },
    };
    const { user } = await renderPage(
      {
        status: 409,
        body: {
          code: 'Conflict',
          message:
            'Your plan changed again since this page was opened. Please read the new terms before you confirm.',
        },
      },
      [HIGHER, newer],
    );
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: CONFIRM_BUTTON }));
    expect(await within(step()).findByRole('alert')).toHaveTextContent('Your plan changed again');
    await waitFor(() => expect(step()).toHaveTextContent('Amount drawn each month$300.00'));
  });
});

describe('My plan: confirming a higher amount, in Spanish', () => {
  const stepEs = () => screen.getByRole('region', { name: 'Confirme el nuevo pago de su plan' });

  it('states the new terms and the agreement in Spanish, then confirms', async () => {
    const { user } = await renderPage({ status: 200, body: CONFIRMED }, [HIGHER], 'es');
    expect(screen.getAllByRole('status')[0]).toHaveTextContent(
      'La contraoferta de Big Card subió el cargo mensual de su plan: ahora requiere $290 al mes en lugar de los $260 que usted autorizó.',
    );
    expect(stepEs()).toHaveTextContent('Hasta que confirme, seguiremos cobrando $260.00 cada mes');
    expect(stepEs()).toHaveTextContent('Plazo48 meses');
    expect(stepEs()).toHaveTextContent('Monto que se cobra cada mes$290.00');
    expect(stepEs()).toHaveTextContent('A partir del cargo del15 de septiembre de 2026');
    expect(
      within(stepEs())
        .getAllByRole('row')
        .map((row) => [...row.children].map((cell) => cell.textContent)),
    ).toEqual([
      ['Pagado a', 'Cada mes'],
      ['Big Card', '$210.00'],
      ['Small Card', '$60.00'],
      ['Tarifa mensual de Harbor Light Credit Counseling', '$20.00'],
    ]);
    expect(document.body.textContent).toContain('Cuando confirme el nuevo monto: De cada cargo, $270 van');
    await user.click(screen.getByRole('button', { name: 'Confirmar el nuevo monto' }));
    expect(await screen.findByText('Marque la casilla para autorizar el nuevo monto')).toBeVisible();
    await user.click(
      screen.getByRole('checkbox', {
        name: 'Autorizo a Harbor Light Credit Counseling a cobrar $290.00 cada mes de mi cuenta terminada en 0000 a partir del 15 de septiembre de 2026.',
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Confirmar el nuevo monto' }));
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(
        'Usted confirmó el nuevo monto: $290.00 cada mes, que se cobrará a partir de su cargo del 15 de septiembre de 2026.',
      ),
    );
  });

  it('tells in Spanish that the terms changed, by the refusal’s id whatever its text', async () => {
    const { user } = await renderPage(
      {
        status: 409,
        body: {
          code: 'Conflict',
          message: 'A text the page does not read.',
          messageId: 'portal.server.termsChanged',
        },
      },
      [HIGHER],
      'es',
    );
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Confirmar el nuevo monto' }));
    expect(await within(stepEs()).findByRole('alert')).toHaveTextContent(
      'Su plan volvió a cambiar desde que abrió esta página.',
    );
  });
});
