import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  REASON_FOR_NOT_CONNECTING_BANK_LABELS,
  REASON_FOR_NOT_CONNECTING_BANK_QUESTION,
} from '#domain/enrollment/views';
import { noCheckingAccountMessage } from '#domain/validation/messages';
import { answerApi, type ApiCall } from '#web/test/api-mock';
import { renderRoutes } from '#web/test/render';
import {
  ACCOUNTS_REQUIRED,
  SANDBOX_INSTITUTIONS_PATH,
  SANDBOX_PUBLIC_TOKEN_PATH,
  SANDBOX_SIGN_IN_PATH,
} from '#web/components/bank-link/bank-link-dialog';
import { PLAID_EXIT_ERROR } from '#web/components/bank-link/plaid-link-flow';
import { installPlaidLinkStub } from '#web/test/plaid-link-stub';
import {
  BANK_CONNECTIONS_PATH,
  Component as OptionsPage,
  LINK_TOKEN_PATH,
  MANUAL_CHOICE_PATH,
} from './payment-account-options-page';
import { borrowerSession, paymentApplication } from './test-fixtures';

const LINK_TOKEN = 'link-sandbox-0001';
const INSTITUTION = {
  id: 'ins_109508',
  name: 'First Platypus Bank',
  hint: 'Username user_good, password pass_good',
};
const WRONG_PASSWORD = 'the provided credentials were not correct';
const ACCOUNTS = [
  { accountId: 'acc-checking', name: 'Plaid Checking', mask: '0000', subtype: 'checking' },
  { accountId: 'acc-savings', name: 'Plaid Saving', mask: '1111', subtype: 'savings' },
];

let user: UserEvent;

type Reply = { status: number; body?: unknown };

async function renderPage(o: { sandbox?: boolean; connection?: Reply } = {}) {
  let calls: ApiCall[] = [];
  const lastBody = () => calls[calls.length - 1]?.body as Record<string, unknown> | undefined;
  calls = answerApi({
    'GET /api/session': { status: 200, body: borrowerSession },
    'GET /api/application': {
      status: 200,
      body: paymentApplication('confirmPaymentAccount', 'PaymentAccountOptions'),
    },
    [`POST ${LINK_TOKEN_PATH}`]: {
      status: 200,
      body: { linkToken: LINK_TOKEN, expiration: '2030-01-01T00:00:00Z', sandbox: o.sandbox ?? true },
    },
    [`GET ${SANDBOX_INSTITUTIONS_PATH}`]: { status: 200, body: { institutions: [INSTITUTION] } },
    [`POST ${SANDBOX_SIGN_IN_PATH}`]: () =>
      lastBody()?.password === 'pass_good'
        ? { status: 200, body: { accounts: ACCOUNTS } }
        : { status: 400, body: { code: 'ProviderError', message: WRONG_PASSWORD } },
    [`POST ${SANDBOX_PUBLIC_TOKEN_PATH}`]: { status: 200, body: { publicToken: 'public-sandbox-0001' } },
    [`POST ${BANK_CONNECTIONS_PATH}`]: o.connection ?? {
      status: 200,
      body: { next: '/payments/confirm-payment-account' },
    },
    [`PUT ${MANUAL_CHOICE_PATH}`]: {
      status: 200,
      body: { next: '/payments/provide-payment-account-information' },
    },
  });
  const app = renderRoutes(
    [
      { path: '/payments/payment-account-options', Component: OptionsPage },
      { path: '*', Component: () => <p>elsewhere</p> },
    ],
    '/payments/payment-account-options',
  );
  user = app.user;
  await screen.findByRole('heading', { level: 1, name: 'Connect your bank' });
  return { calls, router: app.router };
}

const click = (element: HTMLElement) => user.click(element);
const buttonByName = (name: string, root: HTMLElement = document.body) =>
  within(root).getByRole('button', { name });
/** Types into the labelled field, replacing what it held. */
async function typeInto(label: string, text: string) {
  const input = screen.getByLabelText(label);
  await user.clear(input);
  await user.type(input, text);
}
const dialog = () => screen.queryByRole('dialog');
const requests = (calls: ApiCall[], method: string, path: string) =>
  calls.filter((c) => c.method === method && c.path === path).map((c) => c.body);
const buttonWithText = (text: string, root: ParentNode = document) => {
  const found = [...root.querySelectorAll('button')].find((b) => b.textContent?.includes(text));
  if (!found) throw new Error(`no button with '${text}'`);
  return found;
};

/** Opens the dialog and signs in to the sandbox bank: wrong password first, then the right one. */
async function signInToSandbox(calls: ApiCall[]) {
  await click(buttonByName('Connect your bank'));
  await waitFor(() => expect(dialog()?.textContent).toContain(INSTITUTION.name));
  expect(dialog()?.querySelector('h2')?.textContent).toBe('Sandbox bank connection');
  expect(dialog()?.textContent).toContain('Sandbox');
  expect(dialog()?.textContent).toContain(INSTITUTION.hint);
  await click(buttonWithText(INSTITUTION.name, dialog()!));
  expect(dialog()?.querySelector('h3')?.textContent).toBe(`Sign in to ${INSTITUTION.name}`);
  expect(document.activeElement).toBe(dialog()?.querySelector('h3'));

  await typeInto('Username', 'user_good');
  await typeInto('Password', 'wrong');
  await click(buttonByName('Sign in'));
  await waitFor(() => expect(dialog()?.querySelector('[role="alert"]')?.textContent).toBe(WRONG_PASSWORD));

  await typeInto('Password', 'pass_good');
  await click(buttonByName('Sign in'));
  await waitFor(() => expect(dialog()?.querySelector('h3')?.textContent).toBe('Choose accounts'));
  expect(requests(calls, 'POST', SANDBOX_SIGN_IN_PATH)).toEqual([
    { linkToken: LINK_TOKEN, institutionId: INSTITUTION.id, username: 'user_good', password: 'wrong' },
    { linkToken: LINK_TOKEN, institutionId: INSTITUTION.id, username: 'user_good', password: 'pass_good' },
  ]);
}

const checkboxes = () => [...(dialog()?.querySelectorAll<HTMLInputElement>('input[type="checkbox"]') ?? [])];

describe('/payments/payment-account-options', () => {
  it('explains why a checking account is needed', async () => {
    await renderPage();
    expect(document.body.textContent).toContain(
      'single monthly payment, drawn from your primary checking account',
    );
    expect(buttonByName('Provide manually').getAttribute('aria-expanded')).toBe('false');
  });

  it('connects through the sandbox dialog: institution, wrong then right password, accounts, public token', async () => {
    const { calls, router } = await renderPage();
    await signInToSandbox(calls);
    expect(checkboxes().map((box) => [box.closest('label')?.textContent, box.checked])).toEqual([
      ['Plaid Checking ••0000 (checking)', true],
      ['Plaid Saving ••1111 (savings)', true],
    ]);
    // At least one account: none ticked refuses to continue.
    for (const box of checkboxes()) await click(box);
    await click(buttonByName('Continue', dialog()!));
    await waitFor(() =>
      expect(dialog()?.querySelector('[role="alert"]')?.textContent).toBe(ACCOUNTS_REQUIRED),
    );
    expect(requests(calls, 'POST', SANDBOX_PUBLIC_TOKEN_PATH)).toEqual([]);

    await click(checkboxes()[0]!);
    await click(buttonByName('Continue', dialog()!));
    await waitFor(() => expect(router.state.location.pathname).toBe('/payments/confirm-payment-account'));
    expect(requests(calls, 'POST', SANDBOX_PUBLIC_TOKEN_PATH)).toEqual([
      {
        linkToken: LINK_TOKEN,
        institutionId: INSTITUTION.id,
        username: 'user_good',
        accountIds: ['acc-checking'],
      },
    ]);
    expect(requests(calls, 'POST', BANK_CONNECTIONS_PATH)).toEqual([{ publicToken: 'public-sandbox-0001' }]);
    expect(requests(calls, 'POST', LINK_TOKEN_PATH)).toEqual([undefined]);
  });

  it('shows the no-checking-account message on the page and lets the borrower connect another bank', async () => {
    const message = noCheckingAccountMessage(INSTITUTION.name);
    const { calls, router } = await renderPage({
      connection: { status: 422, body: { code: 'NoCheckingAccount', message } },
    });
    await signInToSandbox(calls);
    await click(buttonByName('Continue', dialog()!));
    await waitFor(() => expect(document.querySelector('[role="alert"]')?.textContent).toBe(message));
    expect(dialog()).toBeNull();
    expect(router.state.location.pathname).toBe('/payments/payment-account-options');
    // A fresh link session for the next bank.
    await click(buttonByName('Connect another bank'));
    await waitFor(() => expect(dialog()?.textContent).toContain(INSTITUTION.name));
    expect(requests(calls, 'POST', LINK_TOKEN_PATH)).toHaveLength(2);
  });

  it('Provide manually asks why, requires an answer, then saves it', async () => {
    const { calls, router } = await renderPage();
    await click(buttonByName('Provide manually'));
    expect(buttonByName('Provide manually').getAttribute('aria-expanded')).toBe('true');
    expect(document.activeElement?.textContent).toBe('Provide your account manually');
    expect(document.querySelector('legend')?.textContent).toBe(REASON_FOR_NOT_CONNECTING_BANK_QUESTION);
    await click(buttonByName('Continue'));
    await waitFor(() =>
      expect(document.querySelector('fieldset [role="alert"]')?.textContent).toBe(
        'Why are you entering your account by hand is required',
      ),
    );
    await click(screen.getByRole('radio', { name: REASON_FOR_NOT_CONNECTING_BANK_LABELS.bankNotListed }));
    await click(buttonByName('Continue'));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/payments/provide-payment-account-information'),
    );
    expect(requests(calls, 'PUT', MANUAL_CHOICE_PATH)).toEqual([
      { reasonForNotConnectingBank: 'bankNotListed' },
    ]);
  });

  it('with Plaid opens Plaid Link with the link token and posts its public token', async () => {
    const link = installPlaidLinkStub();
    try {
      const { calls, router } = await renderPage({ sandbox: false });
      await click(buttonByName('Connect your bank'));
      await waitFor(() => expect(link.opened()).toBe(1));
      expect(link.tokens()).toEqual([LINK_TOKEN]);
      link.succeed('public-sandbox-7d41');
      await waitFor(() => expect(router.state.location.pathname).toBe('/payments/confirm-payment-account'));
      expect(requests(calls, 'POST', BANK_CONNECTIONS_PATH)).toEqual([
        { publicToken: 'public-sandbox-7d41' },
      ]);
    } finally {
      link.remove();
    }
  });

  it('with Plaid says when Link ended in an error and offers the manual entry', async () => {
    const link = installPlaidLinkStub();
    try {
      const { calls } = await renderPage({ sandbox: false });
      await click(buttonByName('Connect your bank'));
      await waitFor(() => expect(link.opened()).toBe(1));
      link.exit({
        error_type: 'INSTITUTION_ERROR',
        error_code: 'INSTITUTION_DOWN',
        error_message: 'this institution is not currently responding to this request',
        display_message: null,
      });
      await waitFor(() => expect(dialog()?.textContent).toContain(PLAID_EXIT_ERROR));
      expect(dialog()?.textContent).not.toContain('Sandbox');
      await click(buttonByName('Provide manually', dialog()!));
      await waitFor(() => expect(dialog()).toBeNull());
      expect(document.querySelector('legend')?.textContent).toBe(REASON_FOR_NOT_CONNECTING_BANK_QUESTION);
      expect(document.activeElement?.textContent).toBe('Provide your account manually');
      expect(requests(calls, 'POST', BANK_CONNECTIONS_PATH)).toEqual([]);
    } finally {
      link.remove();
    }
  });

  it('Escape closes the dialog', async () => {
    await renderPage();
    await click(buttonByName('Connect your bank'));
    await waitFor(() => expect(dialog()).not.toBeNull());
    await user.keyboard('{Escape}');
    await waitFor(() => expect(dialog()).toBeNull());
  });
});
