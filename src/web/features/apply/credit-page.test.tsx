import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { CREDIT_CONSENT_LABELS } from '#domain/validation/application';
import { MESSAGES } from '#domain/validation/messages';
import {
  byLabel,
  describedText,
  mockApi,
  mountRoutes,
  settle,
  waitFor,
  type Mounted,
} from '../../components/ui/form/dom-test-helpers';
import type { ApplicationView } from './application-query';
import { Component as CreditPage, VERIFYING_TEXT } from './credit-page';

let mounted: Mounted | undefined;
afterEach(() => {
  mounted?.unmount();
  mounted = undefined;
  document.body.innerHTML = '';
});

const person = {
  firstName: 'Ana',
  lastName: 'Diaz',
  email: 'ana@example.com',
  phoneNumber: null,
  addressLine1: null,
  addressLine2: null,
  city: null,
  state: 'TX',
  zipCode: null,
  dateOfBirth: null,
  consentedToCreditPolicy: null,
};

function view(hasSpouse: boolean): ApplicationView {
  return {
    id: 'app-1',
    status: 'inProgress',
    lastCompletedPage: 'Household',
    lastViewedPage: 'Credit',
    hardships: {
      hasHousingIssues: true,
      hasIncreasedMedicalExpenses: false,
      hasReductionInIncome: false,
      isUnemployed: false,
      other: false,
    },
    household: {
      hasDependents: false,
      numberOfDependentsInHousehold: 0,
      isHomeowner: false,
      hasMortgageEscrow: false,
      monthlyRentOrMortgageAmount: 100000,
      isCarOwner: false,
      hasSpouse,
    },
    borrower: { ...person, notifyWhenStateIsEligible: null },
    spouse: hasSpouse ? { ...person, firstName: 'Luis', hasSameAddressAsBorrower: true } : null,
    hasPulledCredit: false,
    selfReportedMonthlyCurrentIncome: null,
    estimatedShortfall: null,
    incomeThreshold: null,
    verifiedMonthlyCurrentIncome: null,
    connectedBankName: null,
    reasonForNotConnectingBank: null,
  };
}

type Reply = Parameters<typeof mockApi>[0][string];

async function renderPage(hasSpouse: boolean, put: Reply) {
  const calls = mockApi({
    'GET /api/application': { status: 200, body: view(hasSpouse) },
    'PUT /api/application/credit': put,
  });
  const app = mountRoutes(
    [
      { path: '/credit', Component: CreditPage },
      { path: '*', Component: () => <p>elsewhere</p> },
    ],
    '/credit',
  );
  mounted = app;
  await waitFor(() => expect(document.querySelector('h1')?.textContent).toBe("Let's verify your debts"));
  return { calls, router: app.router };
}

async function tick(label: string) {
  await act(async () => byLabel(label).click());
  await settle(2);
}
async function submit() {
  const button = [...document.querySelectorAll('button')].find((b) => b.textContent === 'Continue')!;
  await act(async () => button.click());
  await settle();
}
const puts = (calls: { method: string; body: unknown }[]) =>
  calls.filter((c) => c.method === 'PUT').map((c) => c.body);

describe('/credit', () => {
  it('explains the soft inquiry and requires the borrower’s consent only, without a spouse', async () => {
    const { calls, router } = await renderPage(false, { status: 200, body: { next: '/eligible-debts' } });
    expect(document.body.textContent).toContain('it does not affect your credit score');
    expect(() => byLabel(CREDIT_CONSENT_LABELS.spouse)).toThrow();
    await submit();
    expect(describedText(byLabel(CREDIT_CONSENT_LABELS.borrower))).toBe(MESSAGES.creditConsentRequired);
    expect(document.activeElement).toBe(byLabel(CREDIT_CONSENT_LABELS.borrower));
    expect(puts(calls)).toEqual([]);
    await tick(CREDIT_CONSENT_LABELS.borrower);
    await submit();
    expect(puts(calls)).toEqual([{ consentedToCreditPolicy: true }]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/eligible-debts'));
  });

  it.each([['/eligible-debts'], ['/notify-when-eligible'], ['/offers/not-qualified']])(
    'requires both consents with a spouse, then goes to %s',
    async (next) => {
      const { calls, router } = await renderPage(true, { status: 200, body: { next } });
      await tick(CREDIT_CONSENT_LABELS.borrower);
      await submit();
      expect(describedText(byLabel(CREDIT_CONSENT_LABELS.spouse))).toBe(MESSAGES.creditConsentRequired);
      expect(puts(calls)).toEqual([]);
      await tick(CREDIT_CONSENT_LABELS.spouse);
      await submit();
      expect(puts(calls)).toEqual([{ consentedToCreditPolicy: true, spouseConsentedToCreditPolicy: true }]);
      await waitFor(() => expect(router.state.location.pathname).toBe(next));
    },
  );

  it('covers the page with “Verifying your debts...” while the credit pull runs', async () => {
    let release: (reply: Response) => void = () => undefined;
    await renderPage(false, { status: 200, body: { next: '/eligible-debts' } });
    const original = globalThis.fetch;
    globalThis.fetch = ((input: string | URL | Request, init?: RequestInit) =>
      init?.method === 'PUT'
        ? new Promise<Response>((resolve) => (release = resolve))
        : original(input, init)) as typeof fetch;
    await tick(CREDIT_CONSENT_LABELS.borrower);
    await submit();
    const overlay = [...document.querySelectorAll('[role="status"]')].find((s) =>
      s.textContent?.includes(VERIFYING_TEXT),
    );
    expect(overlay?.getAttribute('aria-live')).toBe('polite');
    const button = [...document.querySelectorAll('button')].find((b) => b.textContent === 'Continue')!;
    expect(button.getAttribute('aria-busy')).toBe('true');
    await act(async () => release(Response.json({ next: '/eligible-debts' })));
    await settle();
    expect(document.body.textContent).not.toContain(VERIFYING_TEXT);
  });

  it('shows the server’s reason on a 409, then goes where the application stands', async () => {
    const message = 'Your application has moved past this step.';
    const { router } = await renderPage(false, {
      status: 409,
      body: { code: 'Conflict', message, redirect: '/offers/not-qualified' },
    });
    await tick(CREDIT_CONSENT_LABELS.borrower);
    await submit();
    expect(document.querySelector('[role="dialog"]')?.textContent).toContain(message);
    const ok = [...document.querySelectorAll('button')].find((b) => b.textContent === 'OK')!;
    await act(async () => ok.click());
    await settle();
    expect(router.state.location.pathname).toBe('/offers/not-qualified');
  });

  it('shows the save failure on a 500 and stays', async () => {
    const { router } = await renderPage(false, {
      status: 500,
      body: { code: 'InternalError', message: 'x' },
    });
    await tick(CREDIT_CONSENT_LABELS.borrower);
    await submit();
    expect(document.querySelector('[role="dialog"]')?.textContent).toContain(MESSAGES.saveFailed);
    expect(router.state.location.pathname).toBe('/credit');
  });
});
