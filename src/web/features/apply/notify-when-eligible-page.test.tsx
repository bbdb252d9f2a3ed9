import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { NOTIFY_QUESTION } from '#domain/validation/application';
import { MESSAGES } from '#domain/validation/messages';
import {
  mockApi,
  mountRoutes,
  settle,
  waitFor,
  type Mounted,
} from '../../components/ui/form/dom-test-helpers';
import { Component as NotifyPage } from './notify-when-eligible-page';

let mounted: Mounted | undefined;
afterEach(() => {
  mounted?.unmount();
  mounted = undefined;
  document.body.innerHTML = '';
});

// Disqualified for the state: the page opens whatever the status.
const application = (state: string | null) => ({
  id: 'app-1',
  status: 'disqualified',
  lastCompletedPage: 'Household',
  lastViewedPage: 'NotifyWhenEligible',
  borrower: { email: 'ana@example.com', state, notifyWhenStateIsEligible: null },
});

type Reply = Parameters<typeof mockApi>[0][string];

async function renderPage(state: string | null, put: Reply) {
  const calls = mockApi({
    'GET /api/application': { status: 200, body: application(state) },
    'PUT /api/application/notify-when-eligible': put,
  });
  const app = mountRoutes(
    [
      { path: '/notify-when-eligible', Component: NotifyPage },
      { path: '*', Component: () => <p>elsewhere</p> },
    ],
    '/notify-when-eligible',
  );
  mounted = app;
  await waitFor(() => expect(document.querySelector('h1')).not.toBeNull());
  return { calls, router: app.router };
}

async function submit() {
  const button = [...document.querySelectorAll('button')].find((b) => b.textContent === 'Continue')!;
  await act(async () => button.click());
  await settle();
}
async function answer(choice: 'Yes' | 'No') {
  const radio = [...document.querySelectorAll('fieldset label')]
    .find((l) => l.textContent === choice)
    ?.querySelector('input');
  await act(async () => radio?.click());
  await settle(2);
}

describe('/notify-when-eligible', () => {
  it.each([
    ['DC', 'District of Columbia'],
    [null, 'your state'],
  ])(
    'names the state %j as %j, says the credit was not pulled and asks the question',
    async (code, shown) => {
      const { calls } = await renderPage(code, { status: 200, body: { next: '/we-will-notify-you' } });
      expect(document.body.textContent).toContain(`in ${shown} at this time`);
      expect(document.body.textContent).toContain('Your credit has not been pulled');
      expect(document.querySelector('legend')?.textContent).toBe(NOTIFY_QUESTION);
      await submit();
      expect(document.querySelector('[role="alert"]')?.textContent).toBe(`${NOTIFY_QUESTION} is required`);
      expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    },
  );

  it.each([
    ['Yes', true, '/we-will-notify-you'],
    ['No', false, '/offers/not-qualified'],
  ] as const)('%s saves notifyWhenStateIsEligible %j and goes to %s', async (choice, value, next) => {
    const { calls, router } = await renderPage('DC', { status: 200, body: { next } });
    await answer(choice);
    await submit();
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([
      { notifyWhenStateIsEligible: value },
    ]);
    await waitFor(() => expect(router.state.location.pathname).toBe(next));
  });

  it('shows the network failure and stays', async () => {
    const { router } = await renderPage('DC', 'network-error');
    await answer('No');
    await submit();
    expect(document.querySelector('[role="dialog"]')?.textContent).toContain(MESSAGES.networkError);
    expect(router.state.location.pathname).toBe('/notify-when-eligible');
  });
});
