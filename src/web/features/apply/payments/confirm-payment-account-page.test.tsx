import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '#domain/validation/messages';
import { answerApi } from '#web/test/api-mock';
import { renderRoutes } from '#web/test/render';
import {
  ACCOUNTS_PATH,
  Component as ConfirmPage,
  CONFIRM_PATH,
  DRAFT_DAY_FAILED,
  DRAFT_DAY_PATH,
} from './confirm-payment-account-page';
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

const PROPOSAL = { payday: 15, suggestedDraftDay: 16, chosenDraftDay: 1 };

async function renderPage(
  accounts: unknown[],
  o: { proposal?: typeof PROPOSAL | null; move?: { status: number; body?: unknown } } = {},
) {
  let proposal = o.proposal ?? null;
  const calls = answerApi({
    'GET /api/session': { status: 200, body: borrowerSession },
    'GET /api/application': {
      status: 200,
      body: paymentApplication('confirmPaymentAccount', 'ConfirmPaymentAccount'),
    },
    [`GET ${ACCOUNTS_PATH}`]: () => ({ status: 200, body: { accounts, draftDayProposal: proposal } }),
    [`PUT ${CONFIRM_PATH}`]: { status: 200, body: { next: '/submitted' } },
    [`PUT ${DRAFT_DAY_PATH}`]: () => {
      if (o.move) return o.move;
      proposal = null;
      return { status: 200, body: { draftDay: 16 } };
    },
  });
  const { router, user } = renderRoutes(
    [
      { path: '/payments/confirm-payment-account', Component: ConfirmPage },
      { path: '*', Component: () => <p>elsewhere</p> },
    ],
    '/payments/confirm-payment-account',
  );
  await screen.findByRole('heading', { level: 1, name: 'Confirm your payment account' });
  return { calls, router, user };
}

const radios = () => screen.queryAllByRole<HTMLInputElement>('radio');
const link = (name: string) => screen.getByRole('link', { name });

describe('/payments/confirm-payment-account', () => {
  it('offers the day after the payday a bank connected here shows; one click moves the drafts', async () => {
    const { calls, user } = await renderPage([CHECKING], { proposal: PROPOSAL });
    const offer = await screen.findByRole('region', { name: 'Draw your plan the day after payday?' });
    expect(offer).toHaveTextContent(
      'Your pay arrives around the 15th; drafting on the 16th makes sure the money is in your account when the plan draws it. You chose the 1st.',
    );
    await user.click(screen.getByRole('button', { name: 'Draw on the 16th instead' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Done: your plan will be drawn on the 16th of each month.',
    );
    expect(screen.queryByRole('region', { name: 'Draw your plan the day after payday?' })).toBeNull();
    expect(calls.filter((c) => c.path === DRAFT_DAY_PATH).map((c) => c.body)).toEqual([{ draftDay: 16 }]);
    // The accounts are still there to choose.
    expect(radios()).toHaveLength(1);
  });

  it('says nothing about the day without a proposal', async () => {
    await renderPage([CHECKING]);
    expect(screen.queryByRole('region')).toBeNull();
  });

  it('shows a failed move in the error modal', async () => {
    const { user } = await renderPage([CHECKING], {
      proposal: PROPOSAL,
      move: { status: 500, body: { code: 'InternalError' } },
    });
    await user.click(await screen.findByRole('button', { name: 'Draw on the 16th instead' }));
    expect(await screen.findByRole('dialog')).toHaveTextContent(DRAFT_DAY_FAILED);
  });

  it('lists each account with its bank, name, last digits and available balance', async () => {
    await renderPage([CHECKING, SECOND]);
    expect((await screen.findAllByRole('radio')).map((r) => r.closest('label')?.textContent)).toEqual([
      'First Platypus BankPlaid Checking ••0000Available balance $110',
      'Tartan BankEveryday Checking ••4321Available balance not reported',
    ]);
    expect(link('Use a different bank')).toHaveAttribute('href', '/payments/payment-account-options');
  });

  it('requires a choice: Submit with none says so and sends nothing', async () => {
    const { calls, user } = await renderPage([CHECKING, SECOND]);
    await user.click(await screen.findByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.paymentAccountRequired);
    expect(MESSAGES.paymentAccountRequired).toBe('Please select a payment account.');
    expect(document.activeElement).toBe(radios()[0]);
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('confirms the chosen account and goes to /submitted', async () => {
    const { calls, router, user } = await renderPage([CHECKING, SECOND]);
    await user.click((await screen.findAllByRole('radio'))[1]!);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/submitted'));
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([
      { plaidAccountId: SECOND.id },
    ]);
  });

  it('starts with the account already chosen for payments', async () => {
    await renderPage([CHECKING, { ...SECOND, selectedForPayments: true }]);
    expect((await screen.findAllByRole<HTMLInputElement>('radio')).map((r) => r.checked)).toEqual([
      false,
      true,
    ]);
  });

  it('without a checking account offers another bank or the manual entry', async () => {
    const { router, user } = await renderPage([]);
    expect(await screen.findByText(/We did not find a checking account/)).toBeInTheDocument();
    expect(link('Connect another bank')).toHaveAttribute('href', '/payments/payment-account-options');
    await user.click(link('Provide manually'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/payments/payment-account-options'));
    expect(router.state.location).toMatchObject({
      pathname: '/payments/payment-account-options',
      state: { provideManually: true },
    });
  });
});
