import { screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answerApi } from '#web/test/api-mock';
import { renderRoutes } from '#web/test/render';
import { SAMPLE_ACCOUNT, SAMPLE_ROUTING } from './cheque-illustration';
import { Component as ProvidePage, HELP_LABEL, PAYMENT_ACCOUNT_PATH } from './provide-payment-account-page';
import { borrowerSession, paymentApplication } from './test-fixtures';

/** Passes the ABA check digit; the server may still refuse it (unknown bank). */
const VALID_ROUTING = '011000015';

async function renderPage(reply: { status: number; body?: unknown }) {
  const calls = answerApi({
    'GET /api/session': { status: 200, body: borrowerSession },
    'GET /api/application': {
      status: 200,
      body: paymentApplication('confirmPaymentAccount', 'ProvidePaymentAccountInformation'),
    },
    [`PUT ${PAYMENT_ACCOUNT_PATH}`]: reply,
  });
  const { router, user } = renderRoutes(
    [
      { path: '/payments/provide-payment-account-information', Component: ProvidePage },
      { path: '*', Component: () => <p>elsewhere</p> },
    ],
    '/payments/provide-payment-account-information',
  );
  await screen.findByRole('heading', { level: 1 });
  return { calls, router, user };
}

const field = (label: 'Account Number' | 'Confirm Account Number' | 'Routing Number') =>
  screen.getByLabelText<HTMLInputElement>(label);
const submit = (user: UserEvent) => user.click(screen.getByRole('button', { name: 'Submit' }));

describe('/payments/provide-payment-account-information', () => {
  it('takes digits only, with numeric keyboards and the spec lengths', async () => {
    const { user } = await renderPage({ status: 200, body: { next: '/submitted' } });
    const account = field('Account Number');
    const confirm = field('Confirm Account Number');
    const routing = field('Routing Number');
    expect(
      [account, confirm, routing].map((input) => [input.inputMode, input.maxLength, input.autocomplete]),
    ).toEqual([
      ['numeric', 17, 'off'],
      ['numeric', 17, 'off'],
      ['numeric', 9, 'off'],
    ]);
    await user.type(account, '12-34 5a6');
    expect(account).toHaveValue('123456');
    await user.type(confirm, '12-34 5a6');
    expect(confirm).toHaveValue('123456');
  });

  it('refuses an account number confirmed differently, on the confirmation, without sending', async () => {
    const { calls, user } = await renderPage({ status: 200, body: { next: '/submitted' } });
    await user.type(field('Account Number'), '000123456789');
    await user.type(field('Confirm Account Number'), '000123456798');
    await user.type(field('Routing Number'), VALID_ROUTING);
    await submit(user);
    const confirm = field('Confirm Account Number');
    await waitFor(() => expect(confirm).toHaveAccessibleDescription('Account numbers do not match'));
    expect(confirm).toHaveAttribute('aria-invalid', 'true');
    expect(confirm).toHaveFocus();
    expect(field('Account Number')).not.toHaveAttribute('aria-invalid', 'true');
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    // Corrected, the message goes as the borrower types (fields re-validate after the first submit).
    await user.clear(confirm);
    await user.type(confirm, '000123456789');
    await waitFor(() => expect(confirm).not.toHaveAttribute('aria-invalid', 'true'));
  });

  it('takes a pasted confirmation, keeping its digits', async () => {
    const { calls, router, user } = await renderPage({ status: 200, body: { next: '/submitted' } });
    await user.type(field('Account Number'), '000123456789');
    await user.click(field('Confirm Account Number'));
    await user.paste('0001 2345 6789');
    expect(field('Confirm Account Number')).toHaveValue('000123456789');
    await user.type(field('Routing Number'), VALID_ROUTING);
    await submit(user);
    await waitFor(() => expect(router.state.location.pathname).toBe('/submitted'));
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1);
  });

  it('saves the numbers and goes where the server says', async () => {
    const { calls, router, user } = await renderPage({ status: 200, body: { next: '/submitted' } });
    await user.type(field('Account Number'), '000123456789');
    await user.type(field('Confirm Account Number'), '000123456789');
    await user.type(field('Routing Number'), VALID_ROUTING);
    await submit(user);
    await waitFor(() => expect(router.state.location.pathname).toBe('/submitted'));
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([
      { accountNumber: '000123456789', confirmAccountNumber: '000123456789', routingNumber: VALID_ROUTING },
    ]);
  });

  it('puts the server’s routing number error on the field', async () => {
    const { router, user } = await renderPage({
      status: 400,
      body: {
        code: 'ValidationError',
        message: 'Invalid input',
        fieldErrors: { routingNumber: 'Routing Number is invalid' },
      },
    });
    await user.type(field('Account Number'), '000123456789');
    await user.type(field('Confirm Account Number'), '000123456789');
    await user.type(field('Routing Number'), VALID_ROUTING);
    await submit(user);
    const routing = field('Routing Number');
    await waitFor(() => expect(routing).toHaveAccessibleDescription(/Routing Number is invalid/));
    expect(routing).toHaveAttribute('aria-invalid', 'true');
    expect(routing).toHaveFocus();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(router.state.location.pathname).toBe('/payments/provide-payment-account-information');
  });

  it('checks the routing number before sending', async () => {
    const { calls, user } = await renderPage({ status: 200, body: { next: '/submitted' } });
    await user.type(field('Account Number'), '000123456789');
    await user.type(field('Confirm Account Number'), '000123456789');
    await user.type(field('Routing Number'), '123456789');
    await submit(user);
    await waitFor(() =>
      expect(field('Routing Number')).toHaveAccessibleDescription(/Routing Number is invalid/),
    );
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('shows a drawn cheque labelling the routing and account numbers from the help button', async () => {
    const { user } = await renderPage({ status: 200, body: { next: '/submitted' } });
    await user.click(screen.getByRole('button', { name: HELP_LABEL }));
    await waitFor(() => expect(document.querySelector(`[aria-label="${HELP_LABEL}"] svg`)).not.toBeNull());
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
