import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SubmittedView } from '#domain/enrollment/views';
import { SITE } from '#domain/site';
import { answerApi, type ApiReply } from '#web/test/api-mock';
import { renderRoutes } from '#web/test/render';
import {
  Component as SubmittedPage,
  POLL_INTERVAL_MS,
  RESEND_PATH,
  SIGN_NOW,
  signingLinkPath,
  SIGNED_TITLE,
  SUBMITTED_PATH,
  KEEP_PAYING,
  TERMS_HEADING,
  UNSIGNED_TITLE,
} from './submitted-page';
import { borrowerSession } from './test-fixtures';

/** The server's terms: $305.06 to two creditors plus a $25 fee, a $35 set-up fee, 36 drafts from Dec 15. */
const PLAN: NonNullable<SubmittedView['plan']> = {
  terms: {
    monthlyDraft: 33006,
    creditorsMonthlyPayment: 30506,
    monthlyFee: 2500,
    setupFee: 3500,
    setupFeeDate: '2026-12-15',
    draftDay: 15,
    termInMonths: 36,
    firstDraftDate: '2026-12-15',
    lastDraftDate: '2029-11-15',
    lastDraftAmount: 12000,
    totalPaid: 1158710,
    totalFees: 93500,
  },
  creditors: [
    { creditorName: 'Capital One', payment: 18000 },
    { creditorName: 'Discover', payment: 12506 },
  ],
  payDirectly: [
    { creditorName: 'Chase', currentPayment: 5800, why: 'leftOutByBorrower' },
    { creditorName: 'Citi', currentPayment: 4100, why: 'declinedByCreditor' },
  ],
};

const unsigned = (spouse = false, plan: SubmittedView['plan'] = null): SubmittedView => ({
  status: 'signContract',
  signed: false,
  signers: [
    { role: 'borrower', name: 'Ana Diaz', signed: spouse },
    ...(spouse ? [{ role: 'spouse' as const, name: 'Luis Diaz', signed: false }] : []),
  ],
  envelopeId: '6f1c2f7e-3d0a-4b8e-9a55-2c1d0e9f4a10',
  plan,
});
const signed = (
  status: SubmittedView['status'] = 'counselorReview',
  plan: SubmittedView['plan'] = null,
): SubmittedView => ({
  status,
  signed: true,
  signers: [{ role: 'borrower', name: 'Ana Diaz', signed: true }],
  envelopeId: '6f1c2f7e-3d0a-4b8e-9a55-2c1d0e9f4a10',
  plan,
});

afterEach(() => {
  vi.useRealTimers();
});

let view: SubmittedView | { status: number; body: unknown };

const ENVELOPE_ID = '6f1c2f7e-3d0a-4b8e-9a55-2c1d0e9f4a10';

function renderPage(first: typeof view, resend: ApiReply = { status: 204 }, signingLink?: ApiReply) {
  view = first;
  const calls = answerApi({
    'GET /api/session': { status: 200, body: borrowerSession },
    [`GET ${SUBMITTED_PATH}`]: () =>
      'signers' in view ? { status: 200, body: view } : (view as { status: number; body: unknown }),
    [`POST ${RESEND_PATH}`]: resend,
    ...(signingLink ? { [`POST ${signingLinkPath(ENVELOPE_ID)}`]: signingLink } : {}),
  });
  const { router, user } = renderRoutes(
    [
      { path: '/submitted', Component: SubmittedPage },
      { path: '/sign-letter', Component: () => <p>the signing page</p> },
      { path: '*', Component: () => <p>elsewhere</p> },
    ],
    '/submitted',
  );
  return { calls, router, user };
}

const h1 = () => screen.queryByRole('heading', { level: 1 })?.textContent;
const heading = (name: string) => screen.findByRole('heading', { level: 1, name });
const planLink = () => document.querySelector('a[href="/customer-portal/plan"]');

describe('/submitted', () => {
  it('opens a new signing link for the borrower and goes to it', async () => {
    const url = `${window.location.origin}/sign-letter#t=sgn_0123456789abcdefghijklmnop`;
    const { calls, router, user } = renderPage(
      unsigned(),
      { status: 204 },
      {
        status: 200,
        body: { url, envelopeId: ENVELOPE_ID },
      },
    );
    await heading(UNSIGNED_TITLE);
    await user.click(screen.getByRole('button', { name: SIGN_NOW }));
    await screen.findByText('the signing page');
    expect(router.state.location.pathname).toBe('/sign-letter');
    expect(router.state.location.hash).toBe('#t=sgn_0123456789abcdefghijklmnop');
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
      signingLinkPath(ENVELOPE_ID),
    ]);
  });

  it('offers no new link to a borrower who signed while the spouse has not', async () => {
    renderPage(unsigned(true));
    await heading(UNSIGNED_TITLE);
    expect(screen.queryByRole('button', { name: SIGN_NOW })).toBeNull();
  });

  it('waiting for the signature: what to do, each signer and whether signed', async () => {
    renderPage(unsigned(true));
    expect(await heading(UNSIGNED_TITLE)).toBeInTheDocument();
    expect(UNSIGNED_TITLE).toBe('Your signature is required');
    const text = document.body.textContent;
    expect(text).toContain('We emailed you and your spouse a Letter of Authorization to sign');
    expect(text).toContain(`a credit counsellor from ${SITE.agencyName} reviews your application`);
    expect([...document.querySelectorAll('ul li')].map((li) => li.textContent)).toEqual([
      'Ana DiazYouSigned',
      'Luis DiazYour spouseNot signed yet',
    ]);
    expect(document.title).toContain(UNSIGNED_TITLE);
  });

  it("restates the plan's terms the server sent: the draft with its fee, the set-up fee, the dates, the creditors", async () => {
    renderPage(unsigned(false, PLAN));
    await heading(UNSIGNED_TITLE);
    const section = screen.getByRole('region', { name: TERMS_HEADING });
    const terms = [...section.querySelectorAll('dl > div')].map((row) => [
      row.querySelector('dt')!.textContent,
      row.querySelector('dd')!.textContent,
    ]);
    expect(terms).toEqual([
      ['Amount drawn each month', '$330.06, including our $25.00 monthly fee'],
      ['One-time set-up fee', '$35.00, drawn with the first draft on December 15, 2026'],
      ['First draft', 'December 15, 2026, then on the 15th of each month'],
      ['Number of drafts', '36, the last on November 15, 2029 ($120.00)'],
    ]);
    expect(section).toHaveTextContent(
      'A draft due on a weekend or a bank holiday is drawn on the next business day.',
    );
    const lists = section.querySelectorAll('ul');
    expect([...lists[0]!.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'Capital One$180.00 a month',
      'Discover$125.06 a month',
    ]);
    expect(
      screen.getByRole('heading', { name: 'You keep paying these creditors yourself' }),
    ).toBeInTheDocument();
    expect([...lists[1]!.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'Chaseabout $58.00 a monthYou left it out of the plan.',
      'Citiabout $41.00 a monthThis creditor declined the plan.',
    ]);
    expect(section).toHaveTextContent(KEEP_PAYING);
  });

  it('restates the terms once signed too; no fee rows when there is no fee, no list when every creditor is on the plan', async () => {
    renderPage(
      signed('counselorReview', {
        ...PLAN,
        terms: { ...PLAN.terms, monthlyFee: 0, setupFee: 0, setupFeeDate: null, lastDraftAmount: 33006 },
        payDirectly: [],
      }),
    );
    await heading(SIGNED_TITLE);
    const section = screen.getByRole('region', { name: TERMS_HEADING });
    expect(section).toHaveTextContent('Amount drawn each month$330.06First draft');
    expect(section).not.toHaveTextContent('set-up fee');
    expect(section).toHaveTextContent('Number of drafts36, the last on November 15, 2029A draft due');
    expect(screen.queryByRole('heading', { name: 'You keep paying these creditors yourself' })).toBeNull();
  });

  it('resends the email and shows that it was sent', async () => {
    const { calls, user } = renderPage(unsigned());
    await heading(UNSIGNED_TITLE);
    expect(document.body).toHaveTextContent('We emailed you a Letter of Authorization to sign');
    await user.click(screen.getByRole('button', { name: 'Resend the email' }));
    expect(await screen.findByRole('button', { name: 'Sent' })).toHaveAttribute('aria-disabled', 'true');
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([RESEND_PATH]);
    expect(screen.getByRole('status')).toHaveTextContent('We sent the email again');
  });

  it('shows a failed resend in the error modal', async () => {
    const { user } = renderPage(unsigned(), { status: 500, body: { code: 'InternalError' } });
    await user.click(await screen.findByRole('button', { name: 'Resend the email' }));
    expect(await screen.findByRole('dialog')).toHaveTextContent('The email could not be sent');
    expect(screen.getByRole('button', { name: 'Resend the email', hidden: true })).toBeInTheDocument();
  });

  it('polls and turns into the signed variant by itself', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { calls } = renderPage(unsigned());
    expect(await heading(UNSIGNED_TITLE)).toBeInTheDocument();
    view = signed();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS);
    });
    await waitFor(() => expect(h1()).toBe(SIGNED_TITLE));
    expect(calls.filter((c) => c.path === SUBMITTED_PATH).length).toBe(2);
    // Signed and with the counsellor: no more polling.
    await act(async () => {
      await vi.advanceTimersByTimeAsync(3 * POLL_INTERVAL_MS);
    });
    expect(calls.filter((c) => c.path === SUBMITTED_PATH).length).toBe(2);
  });

  it('signed: thanks, what happens next and the way to the plan once past signContract', async () => {
    renderPage(signed());
    expect(await heading('Thank you for completing the Letter of Authorization')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('What happens next');
    expect(screen.queryByRole('region', { name: TERMS_HEADING })).toBeNull();
    expect(document.body).toHaveTextContent(SITE.agencyName);
    expect(planLink()?.textContent).toBe('Go to My plan');
  });

  it('signed but not yet with the counsellor: no link to the portal yet', async () => {
    renderPage(signed('signContract'));
    expect(await heading(SIGNED_TITLE)).toBeInTheDocument();
    expect(planLink()).toBeNull();
  });

  it('goes where the application stands when the server redirects', async () => {
    const { router } = renderPage({
      status: 409,
      body: { code: 'Conflict', message: 'Not yet', redirect: '/payments/next-steps' },
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/payments/next-steps'));
  });

  it('offers a retry when the page cannot be read', async () => {
    const { user } = renderPage({ status: 500, body: { code: 'InternalError' } });
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    view = unsigned();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await heading(UNSIGNED_TITLE)).toBeInTheDocument();
  });
});
