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
  SIGNED_TITLE,
  SUBMITTED_PATH,
  UNSIGNED_TITLE,
} from './submitted-page';
import { borrowerSession } from './test-fixtures';

const unsigned = (spouse = false): SubmittedView => ({
  status: 'signContract',
  signed: false,
  signers: [
    { role: 'borrower', name: 'Ana Diaz', signed: spouse },
    ...(spouse ? [{ role: 'spouse' as const, name: 'Luis Diaz', signed: false }] : []),
  ],
});
const signed = (status: SubmittedView['status'] = 'counselorReview'): SubmittedView => ({
  status,
  signed: true,
  signers: [{ role: 'borrower', name: 'Ana Diaz', signed: true }],
});

afterEach(() => {
  vi.useRealTimers();
});

let view: SubmittedView | { status: number; body: unknown };

function renderPage(first: typeof view, resend: ApiReply = { status: 204 }) {
  view = first;
  const calls = answerApi({
    'GET /api/session': { status: 200, body: borrowerSession },
    [`GET ${SUBMITTED_PATH}`]: () =>
      'signers' in view ? { status: 200, body: view } : (view as { status: number; body: unknown }),
    [`POST ${RESEND_PATH}`]: resend,
  });
  const { router, user } = renderRoutes(
    [
      { path: '/submitted', Component: SubmittedPage },
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
