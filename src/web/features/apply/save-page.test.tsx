import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answerApi } from '#web/test/api-mock';
import { renderRoutes } from '#web/test/render';
import { BORROWER_SESSION_REPLY } from '#web/test/sessions';
import { Navigate } from 'react-router';
import { resumeRoute } from '#domain/flow/resume';
import { continueFromNextSteps, saveHardships } from './api';
import { PaymentsPageGate } from './payments/payments-page';
import { ApplyPageGate, useSavePage } from './save-page';

// The shared save of every flow page: busy from the click until the next page is shown, also while the next
// page's script still loads (the application has been read again by then), and usable again when it fails.

const HARDSHIPS = {
  hasHousingIssues: true,
  hasIncreasedMedicalExpenses: false,
  hasReductionInIncome: false,
  isUnemployed: false,
  other: false,
};

/** A flow page reduced to its Continue button, saved through the shared mechanism. */
function SavingPage({ unchanged }: { unchanged?: boolean }) {
  const { save, busy, errorModal } = useSavePage(saveHardships, {
    unchanged: unchanged ? { completed: true, next: '/next', changed: false } : undefined,
  });
  return (
    <>
      <button type="button" aria-busy={busy || undefined} onClick={() => void save(HARDSHIPS)}>
        Continue
      </button>
      {errorModal}
    </>
  );
}

/** Routes whose next page's script arrives only when the test says so. */
function render(o: { unchanged?: boolean } = {}) {
  let release: () => void = () => undefined;
  const script = new Promise<void>((resolve) => (release = resolve));
  const app = renderRoutes(
    [
      { path: '/hardships', element: <SavingPage unchanged={o.unchanged} /> },
      {
        path: '/next',
        lazy: async () => {
          await script;
          return { Component: () => <p>next page</p> };
        },
      },
    ],
    '/hardships',
  );
  return { ...app, release };
}

const button = () => screen.getByRole('button', { name: 'Continue' });

describe('useSavePage', () => {
  it('stays busy after the save answers until the next page’s script has loaded and the page shows', async () => {
    const calls = answerApi({
      'GET /api/session': BORROWER_SESSION_REPLY,
      'PUT /api/application/hardships': { status: 200, body: { next: '/next' } },
    });
    const { user, router, release } = render();
    await user.click(button());
    await waitFor(() => expect(router.state.navigation.state).toBe('loading'));
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1);
    expect(button()).toHaveAttribute('aria-busy', 'true');
    await user.click(button());
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1);
    release();
    await screen.findByText('next page');
    expect(router.state.location.pathname).toBe('/next');
  });

  it('is busy while going on without a call for an unchanged page', async () => {
    const calls = answerApi({ 'GET /api/session': BORROWER_SESSION_REPLY });
    const { user, release } = render({ unchanged: true });
    await user.click(button());
    await waitFor(() => expect(button()).toHaveAttribute('aria-busy', 'true'));
    release();
    await screen.findByText('next page');
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);
  });

  it('is usable again when the save fails, and sends again on the next click', async () => {
    const calls = answerApi({
      'GET /api/session': BORROWER_SESSION_REPLY,
      'PUT /api/application/hardships': { status: 500, body: { code: 'Internal', message: 'x' } },
    });
    const { user, router } = render();
    await user.click(button());
    await screen.findByRole('dialog');
    await user.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(button()).not.toHaveAttribute('aria-busy'));
    await user.click(button());
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(2));
    expect(router.state.location.pathname).toBe('/hardships');
  });

  it('leaving first, the page arrived at waits for the application read after the step: it never bounces back', async () => {
    // The review accepted: the server says /payments/next-steps, and the application read before still says
    // the offers are being reviewed until it is read again (slowly here).
    const reviewing = {
      id: 'app-1',
      status: 'acceptOffer',
      lastCompletedPage: 'Budget',
      lastViewedPage: 'Review',
    };
    const accepted = {
      ...reviewing,
      status: 'confirmPaymentAccount',
      lastCompletedPage: 'Review',
      lastViewedPage: 'NextSteps',
    };
    let saved = false;
    let answerRead: () => void = () => undefined;
    const calls = answerApi({
      'GET /api/session': BORROWER_SESSION_REPLY,
      'GET /api/application': async () => {
        if (!saved) return { status: 200, body: reviewing };
        await new Promise<void>((resolve) => (answerRead = resolve));
        return { status: 200, body: accepted };
      },
      'POST /api/application/payments/next-steps': () => {
        saved = true;
        return { status: 200, body: { next: '/payments/next-steps' } };
      },
    });
    function Review() {
      const { save, errorModal } = useSavePage(continueFromNextSteps, { leaveFirst: true });
      return (
        <ApplyPageGate page="Review" title="Review" allowAnyStatus>
          {(application) =>
            application.status === 'acceptOffer' ? (
              <>
                <button type="button" onClick={() => void save()}>
                  Accept
                </button>
                {errorModal}
              </>
            ) : (
              <Navigate to={resumeRoute(application)} replace />
            )
          }
        </ApplyPageGate>
      );
    }
    const { user, router } = renderRoutes(
      [
        { path: '/offers/review', element: <Review /> },
        {
          path: '/payments/next-steps',
          element: (
            <PaymentsPageGate page="NextSteps" title="Next steps">
              {() => <p>next steps</p>}
            </PaymentsPageGate>
          ),
        },
      ],
      '/offers/review',
    );
    const shown: string[] = [];
    router.subscribe((state) => {
      if (shown.at(-1) !== state.location.pathname) shown.push(state.location.pathname);
    });
    await user.click(await screen.findByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/payments/next-steps'));
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/application')).toHaveLength(2));
    // The old read is still all there is: a loading state, not a redirect.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText('next steps')).toBeNull();
    answerRead();
    await screen.findByText('next steps');
    expect(shown).toEqual(['/payments/next-steps']);
  });
});
