import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { SITE } from '#domain/site';
import { MESSAGES } from '#domain/validation/messages';
import {
  buttonByName,
  mockApi,
  mountRoutes,
  settle,
  waitFor,
  type Mounted,
} from '../../../components/ui/form/dom-test-helpers';
import { Component as NextStepsPage, NEXT_STEPS, NEXT_STEPS_PATH } from './next-steps-page';
import { borrowerSession, paymentApplication } from './test-fixtures';

let mounted: Mounted | undefined;
afterEach(() => {
  mounted?.unmount();
  mounted = undefined;
  document.body.innerHTML = '';
});

async function renderPage(o: { application?: unknown; post?: { status: number; body?: unknown } } = {}) {
  const calls = mockApi({
    'GET /api/session': { status: 200, body: borrowerSession },
    'GET /api/application': { status: 200, body: o.application ?? paymentApplication() },
    [`POST ${NEXT_STEPS_PATH}`]: o.post ?? {
      status: 200,
      body: { next: '/payments/payment-account-options' },
    },
  });
  const app = mountRoutes(
    [
      { path: '/payments/next-steps', Component: NextStepsPage },
      { path: '*', Component: () => <p>elsewhere</p> },
    ],
    '/payments/next-steps',
  );
  mounted = app;
  await settle();
  return { calls, router: app.router };
}

const posts = (calls: { method: string; path: string; body: unknown }[]) =>
  calls.filter((c) => c.method === 'POST');

describe('/payments/next-steps', () => {
  it('lists what happens next, in order, with the agency and the offer step of the progress bar', async () => {
    await renderPage();
    expect(document.querySelector('h1')?.textContent).toBe('Next steps');
    expect([...document.querySelectorAll('ol li')].map((li) => li.textContent?.replace(/^\d/, ''))).toEqual(
      expect.arrayContaining([...NEXT_STEPS]),
    );
    expect(NEXT_STEPS[3]).toContain(SITE.agencyName);
    expect(document.querySelector('[aria-current="step"]')?.textContent).toContain('Step 3');
    expect(document.title).toContain('Next steps');
  });

  it('Continue posts without a body and goes where the server says', async () => {
    const { calls, router } = await renderPage();
    await act(async () => buttonByName('Continue').click());
    await settle();
    expect(posts(calls)).toEqual([{ method: 'POST', path: NEXT_STEPS_PATH, body: undefined }]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/payments/payment-account-options'));
  });

  it('shows a failure in the error modal and stays', async () => {
    const { router } = await renderPage({ post: { status: 500, body: { code: 'InternalError' } } });
    await act(async () => buttonByName('Continue').click());
    await settle();
    expect(document.querySelector('[role="dialog"]')?.textContent).toContain(MESSAGES.saveFailed);
    expect(router.state.location.pathname).toBe('/payments/next-steps');
  });

  it.each([
    ['signContract', 'Submitted', '/submitted'],
    ['acceptOffer', 'Review', '/offers/review'],
    ['counselorReview', 'Submitted', '/submitted'],
  ] as const)('sends a %s application to where it stands', async (status, page, path) => {
    const { router } = await renderPage({ application: paymentApplication(status, page) });
    await waitFor(() => expect(router.state.location.pathname).toBe(path));
  });
});
