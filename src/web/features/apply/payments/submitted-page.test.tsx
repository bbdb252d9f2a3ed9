import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SubmittedView } from '#domain/enrollment/views';
import { SITE } from '#domain/site';
import {
  buttonByName,
  mockApi,
  mountRoutes,
  settle,
  waitFor,
  type Mounted,
} from '../../../components/ui/form/dom-test-helpers';
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

let mounted: Mounted | undefined;
afterEach(() => {
  mounted?.unmount();
  mounted = undefined;
  document.body.innerHTML = '';
  vi.useRealTimers();
});

let view: SubmittedView | { status: number; body: unknown };

async function renderPage(first: typeof view, resend: { status: number; body?: unknown } = { status: 204 }) {
  view = first;
  const calls = mockApi({
    'GET /api/session': { status: 200, body: borrowerSession },
    [`GET ${SUBMITTED_PATH}`]: () =>
      'signers' in view ? { status: 200, body: view } : (view as { status: number; body: unknown }),
    [`POST ${RESEND_PATH}`]: resend,
  });
  const app = mountRoutes(
    [
      { path: '/submitted', Component: SubmittedPage },
      { path: '*', Component: () => <p>elsewhere</p> },
    ],
    '/submitted',
  );
  mounted = app;
  await settle();
  return { calls, router: app.router };
}

const h1 = () => document.querySelector('h1')?.textContent;
const planLink = () => document.querySelector('a[href="/customer-portal/plan"]');

describe('/submitted', () => {
  it('waiting for the signature: what to do, each signer and whether signed', async () => {
    await renderPage(unsigned(true));
    expect(h1()).toBe(UNSIGNED_TITLE);
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
    const { calls } = await renderPage(unsigned());
    expect(document.body.textContent).toContain('We emailed you a Letter of Authorization to sign');
    await act(async () => buttonByName('Resend the email').click());
    await settle();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([RESEND_PATH]);
    expect(buttonByName('Sent').getAttribute('aria-disabled')).toBe('true');
    expect(document.querySelector('[role="status"]')?.textContent).toContain('We sent the email again');
  });

  it('shows a failed resend in the error modal', async () => {
    await renderPage(unsigned(), { status: 500, body: { code: 'InternalError' } });
    await act(async () => buttonByName('Resend the email').click());
    await settle();
    expect(document.querySelector('[role="dialog"]')?.textContent).toContain('The email could not be sent');
    expect(buttonByName('Resend the email')).toBeTruthy();
  });

  it('polls and turns into the signed variant by itself', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { calls } = await renderPage(unsigned());
    expect(h1()).toBe(UNSIGNED_TITLE);
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
    await renderPage(signed());
    expect(h1()).toBe('Thank you for completing the Letter of Authorization');
    expect(document.querySelector('h2')?.textContent).toBe('What happens next');
    expect(document.body.textContent).toContain(SITE.agencyName);
    expect(planLink()?.textContent).toBe('Go to My plan');
  });

  it('signed but not yet with the counsellor: no link to the portal yet', async () => {
    await renderPage(signed('signContract'));
    expect(h1()).toBe(SIGNED_TITLE);
    expect(planLink()).toBeNull();
  });

  it('goes where the application stands when the server redirects', async () => {
    const { router } = await renderPage({
      status: 409,
      body: { code: 'Conflict', message: 'Not yet', redirect: '/payments/next-steps' },
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/payments/next-steps'));
  });

  it('offers a retry when the page cannot be read', async () => {
    await renderPage({ status: 500, body: { code: 'InternalError' } });
    expect(document.querySelector('[role="alert"]')).not.toBeNull();
    view = unsigned();
    await act(async () => buttonByName('Try again').click());
    await settle();
    expect(h1()).toBe(UNSIGNED_TITLE);
  });
});
