import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answerApi } from '#web/test/api-mock';
import { renderRoutes } from '#web/test/render';
import { BORROWER_SESSION_REPLY } from '#web/test/sessions';
import { saveHardships } from './api';
import { useSavePage } from './save-page';

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
});
