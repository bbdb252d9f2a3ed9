import { afterEach, describe, expect, it } from 'vitest';
import type { ApplicationStatus } from '#domain/flow/statuses';
import { mockApi, mountRoutes, settle, waitFor } from '../components/ui/form/dom-test-helpers';
import { Component as CustomerPortalGuard } from './customer-portal-guard';

const realFetch = globalThis.fetch;
let unmount: (() => void) | undefined;
afterEach(() => {
  unmount?.();
  unmount = undefined;
  globalThis.fetch = realFetch;
  document.body.innerHTML = '';
});

const session = (isStaff = false) => ({
  user: {
    id: 'u1',
    email: 'ana@example.com',
    firstName: 'Ana',
    lastName: 'Diaz',
    phoneNumber: null,
    mustChangePassword: false,
    isStaff,
    twoFactorEnabled: isStaff,
    secondFactorVerified: isStaff,
  },
  resume: isStaff ? '/summary' : '/payments/confirm-payment-account',
});

async function renderGuard(o: { staff?: boolean; status?: ApplicationStatus; lastViewedPage?: string }) {
  const calls = mockApi({
    'GET /api/session': { status: 200, body: session(o.staff) },
    'GET /api/application': {
      status: 200,
      body: {
        id: 'app-1',
        status: o.status ?? 'counselorReview',
        lastCompletedPage: 'Review',
        lastViewedPage: o.lastViewedPage ?? 'Submitted',
      },
    },
  });
  const app = mountRoutes(
    [
      {
        Component: CustomerPortalGuard,
        children: [{ path: '/customer-portal/plan', Component: () => <h1>plan page</h1> }],
      },
      { path: '*', Component: () => <p>elsewhere</p> },
    ],
    '/customer-portal/plan',
  );
  unmount = app.unmount;
  await settle();
  return { calls, router: app.router };
}

describe('customer portal guard', () => {
  it('sends a borrower who has not signed yet to where the application stands', async () => {
    const { router } = await renderGuard({
      status: 'confirmPaymentAccount',
      lastViewedPage: 'ConfirmPaymentAccount',
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/payments/confirm-payment-account'));
    expect(document.querySelector('nav[aria-label="Customer portal"]')).toBeNull();
  });

  it('sends a borrower waiting for the signature to /submitted', async () => {
    const { router } = await renderGuard({ status: 'signContract', lastViewedPage: 'Submitted' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/submitted'));
  });

  it.each<ApplicationStatus>(['counselorReview', 'creditorReview', 'transfer', 'transferred'])(
    'lets a borrower in %s through, with the portal header',
    async (status) => {
      const { router } = await renderGuard({ status });
      await waitFor(() => expect(document.querySelector('h1')?.textContent).toBe('plan page'));
      expect(router.state.location.pathname).toBe('/customer-portal/plan');
      expect(document.querySelector('nav[aria-label="Customer portal"]')?.textContent).toContain('My Plan');
    },
  );

  it('keeps staff out (→ /summary) without reading an application', async () => {
    const { router, calls } = await renderGuard({ staff: true });
    await waitFor(() => expect(router.state.location.pathname).toBe('/summary'));
    expect(calls.map((c) => c.path)).toEqual(['/api/session']);
  });
});
