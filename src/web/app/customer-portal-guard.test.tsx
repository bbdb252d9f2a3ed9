import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ApplicationStatus } from '#domain/flow/statuses';
import { answerApi } from '#web/test/api-mock';
import { renderRoutes } from '#web/test/render';
import { Component as CustomerPortalGuard } from './customer-portal-guard';

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

function renderGuard(o: { staff?: boolean; status?: ApplicationStatus; lastViewedPage?: string }) {
  const calls = answerApi({
    'GET /api/session': { status: 200, body: session(o.staff) },
    // Session recording is off (src/web/app/session-recording.test.tsx covers it on).
    'GET /api/session-recording': { status: 200, body: { provider: 'off' } },
    // The portal header's count of new alerts.
    'GET /api/customer-portal/alerts': { status: 200, body: { alerts: [], unseen: 0 } },
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
  const { router } = renderRoutes(
    [
      {
        Component: CustomerPortalGuard,
        children: [{ path: '/customer-portal/plan', Component: () => <h1>plan page</h1> }],
      },
      { path: '*', Component: () => <p>elsewhere</p> },
    ],
    '/customer-portal/plan',
  );
  return { calls, router };
}

describe('customer portal guard', () => {
  it('sends a borrower who has not signed yet to where the application stands', async () => {
    const { router } = renderGuard({
      status: 'confirmPaymentAccount',
      lastViewedPage: 'ConfirmPaymentAccount',
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/payments/confirm-payment-account'));
    expect(screen.queryByRole('navigation', { name: 'Customer portal' })).toBeNull();
  });

  it('sends a borrower waiting for the signature to /submitted', async () => {
    const { router } = renderGuard({ status: 'signContract', lastViewedPage: 'Submitted' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/submitted'));
  });

  it.each<ApplicationStatus>(['counselorReview', 'creditorReview', 'transfer', 'transferred'])(
    'lets a borrower in %s through, with the portal header',
    async (status) => {
      const { router } = renderGuard({ status });
      expect(await screen.findByRole('heading', { name: 'plan page' })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/customer-portal/plan');
      expect(screen.getByRole('navigation', { name: 'Customer portal' })).toHaveTextContent('My Plan');
    },
  );

  it('keeps staff out (→ /summary) without reading an application', async () => {
    const { router, calls } = renderGuard({ staff: true });
    await waitFor(() => expect(router.state.location.pathname).toBe('/summary'));
    expect(calls.map((c) => c.path)).toEqual(['/api/session']);
  });
});
