import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '#domain/validation/messages';
import {
  buttonByName,
  mockApi,
  mountRoutes,
  settle,
  waitFor,
  type Mounted,
} from '../../../components/ui/form/dom-test-helpers';
import { ACCOUNTS_PATH, Component as ConfirmPage, CONFIRM_PATH } from './confirm-payment-account-page';
import { borrowerSession, paymentApplication } from './test-fixtures';

const CHECKING = {
  id: '7d1f0c52-4b55-4a5e-9a43-0f6d1c2b3a01',
  institutionName: 'First Platypus Bank',
  name: 'Plaid Checking',
  mask: '0000',
  availableBalance: 110_00,
  selectedForPayments: false,
};
const SECOND = {
  ...CHECKING,
  id: '7d1f0c52-4b55-4a5e-9a43-0f6d1c2b3a02',
  institutionName: 'Tartan Bank',
  name: 'Everyday Checking',
  mask: '4321',
  availableBalance: null,
};

let mounted: Mounted | undefined;
afterEach(() => {
  mounted?.unmount();
  mounted = undefined;
  document.body.innerHTML = '';
});

async function renderPage(accounts: unknown[]) {
  const calls = mockApi({
    'GET /api/session': { status: 200, body: borrowerSession },
    'GET /api/application': {
      status: 200,
      body: paymentApplication('confirmPaymentAccount', 'ConfirmPaymentAccount'),
    },
    [`GET ${ACCOUNTS_PATH}`]: { status: 200, body: { accounts } },
    [`PUT ${CONFIRM_PATH}`]: { status: 200, body: { next: '/submitted' } },
  });
  const app = mountRoutes(
    [
      { path: '/payments/confirm-payment-account', Component: ConfirmPage },
      { path: '*', Component: () => <p>elsewhere</p> },
    ],
    '/payments/confirm-payment-account',
  );
  mounted = app;
  await waitFor(() => expect(document.querySelector('h1')?.textContent).toBe('Confirm your payment account'));
  return { calls, router: app.router };
}

async function click(element: HTMLElement) {
  await act(async () => element.click());
  await settle();
}
const radios = () => [...document.querySelectorAll<HTMLInputElement>('input[type="radio"]')];
const link = (text: string) => [...document.querySelectorAll('a')].find((a) => a.textContent === text);

describe('/payments/confirm-payment-account', () => {
  it('lists each account with its bank, name, last digits and available balance', async () => {
    await renderPage([CHECKING, SECOND]);
    expect(radios().map((r) => r.closest('label')?.textContent)).toEqual([
      'First Platypus BankPlaid Checking ••0000Available balance $110',
      'Tartan BankEveryday Checking ••4321Available balance not reported',
    ]);
    expect(link('Use a different bank')?.getAttribute('href')).toBe('/payments/payment-account-options');
  });

  it('requires a choice: Submit with none says so and sends nothing', async () => {
    const { calls } = await renderPage([CHECKING, SECOND]);
    await click(buttonByName('Submit'));
    expect(document.querySelector('fieldset [role="alert"]')?.textContent).toBe(
      MESSAGES.paymentAccountRequired,
    );
    expect(MESSAGES.paymentAccountRequired).toBe('Please select a payment account.');
    expect(document.activeElement).toBe(radios()[0]);
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('confirms the chosen account and goes to /submitted', async () => {
    const { calls, router } = await renderPage([CHECKING, SECOND]);
    await click(radios()[1]!);
    await click(buttonByName('Submit'));
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([
      { plaidAccountId: SECOND.id },
    ]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/submitted'));
  });

  it('starts with the account already chosen for payments', async () => {
    await renderPage([CHECKING, { ...SECOND, selectedForPayments: true }]);
    expect(radios().map((r) => r.checked)).toEqual([false, true]);
  });

  it('without a checking account offers another bank or the manual entry', async () => {
    const { router } = await renderPage([]);
    expect(document.body.textContent).toContain('We did not find a checking account');
    expect(link('Connect another bank')?.getAttribute('href')).toBe('/payments/payment-account-options');
    await click(link('Provide manually')!);
    expect(router.state.location).toMatchObject({
      pathname: '/payments/payment-account-options',
      state: { provideManually: true },
    });
  });
});
