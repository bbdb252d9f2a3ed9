import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  buttonByName,
  byLabel,
  describedText,
  mockApi,
  mountRoutes,
  settle,
  typeInto,
  waitFor,
  type Mounted,
} from '../../../components/ui/form/dom-test-helpers';
import { SAMPLE_ACCOUNT, SAMPLE_ROUTING } from './cheque-illustration';
import { Component as ProvidePage, HELP_LABEL, PAYMENT_ACCOUNT_PATH } from './provide-payment-account-page';
import { borrowerSession, paymentApplication } from './test-fixtures';

/** Passes the ABA check digit; the server may still refuse it (unknown bank). */
const VALID_ROUTING = '011000015';

let mounted: Mounted | undefined;
afterEach(() => {
  mounted?.unmount();
  mounted = undefined;
  document.body.innerHTML = '';
});

async function renderPage(reply: { status: number; body?: unknown }) {
  const calls = mockApi({
    'GET /api/session': { status: 200, body: borrowerSession },
    'GET /api/application': {
      status: 200,
      body: paymentApplication('confirmPaymentAccount', 'ProvidePaymentAccountInformation'),
    },
    [`PUT ${PAYMENT_ACCOUNT_PATH}`]: reply,
  });
  const app = mountRoutes(
    [
      { path: '/payments/provide-payment-account-information', Component: ProvidePage },
      { path: '*', Component: () => <p>elsewhere</p> },
    ],
    '/payments/provide-payment-account-information',
  );
  mounted = app;
  await waitFor(() => expect(document.querySelector('h1')).not.toBeNull());
  return { calls, router: app.router };
}

async function submit() {
  await act(async () => buttonByName('Submit').click());
  await settle();
}

describe('/payments/provide-payment-account-information', () => {
  it('takes digits only, with numeric keyboards and the spec lengths', async () => {
    await renderPage({ status: 200, body: { next: '/submitted' } });
    const account = byLabel('Account Number');
    const routing = byLabel('Routing Number');
    expect([account.inputMode, account.maxLength, routing.inputMode, routing.maxLength]).toEqual([
      'numeric',
      17,
      'numeric',
      9,
    ]);
    typeInto(account, '12-34 5a6');
    expect(account.value).toBe('123456');
  });

  it('saves the numbers and goes where the server says', async () => {
    const { calls, router } = await renderPage({ status: 200, body: { next: '/submitted' } });
    typeInto(byLabel('Account Number'), '000123456789');
    typeInto(byLabel('Routing Number'), VALID_ROUTING);
    await submit();
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([
      { accountNumber: '000123456789', routingNumber: VALID_ROUTING },
    ]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/submitted'));
  });

  it('puts the server’s routing number error on the field', async () => {
    const { router } = await renderPage({
      status: 400,
      body: {
        code: 'ValidationError',
        message: 'Invalid input',
        fieldErrors: { routingNumber: 'Routing Number is invalid' },
      },
    });
    typeInto(byLabel('Account Number'), '000123456789');
    typeInto(byLabel('Routing Number'), VALID_ROUTING);
    await submit();
    const routing = byLabel('Routing Number');
    expect(describedText(routing)).toContain('Routing Number is invalid');
    expect(routing.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(routing);
    expect(document.querySelector('[role="dialog"]')).toBeNull();
    expect(router.state.location.pathname).toBe('/payments/provide-payment-account-information');
  });

  it('checks the routing number before sending', async () => {
    const { calls } = await renderPage({ status: 200, body: { next: '/submitted' } });
    typeInto(byLabel('Account Number'), '000123456789');
    typeInto(byLabel('Routing Number'), '123456789');
    await submit();
    expect(describedText(byLabel('Routing Number'))).toContain('Routing Number is invalid');
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('shows a drawn cheque labelling the routing and account numbers from the help button', async () => {
    await renderPage({ status: 200, body: { next: '/submitted' } });
    await act(async () => buttonByName(HELP_LABEL).click());
    await settle();
    const help = document.querySelector(`[aria-label="${HELP_LABEL}"]`);
    const cheque = help?.querySelector('svg[role="img"]');
    expect(cheque).not.toBeNull();
    const texts = [...(cheque?.querySelectorAll('text') ?? [])].map((t) => t.textContent);
    // The routing number comes first on the MICR line, then the account number.
    expect(texts.indexOf(SAMPLE_ROUTING)).toBeLessThan(texts.indexOf(SAMPLE_ACCOUNT));
    expect(cheque?.getAttribute('aria-labelledby')).toBeTruthy();
    expect(texts).toEqual(
      expect.arrayContaining([SAMPLE_ROUTING, SAMPLE_ACCOUNT, 'Routing number', 'Account number']),
    );
  });
});
