import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Page } from '#domain/flow/pages';
import { answerApi } from '#web/test/api-mock';
import { renderRoutes } from '#web/test/render';
import { BORROWER_SESSION_REPLY } from '#web/test/sessions';
import { applyKeys } from './api';
import type { ApplicationView } from './application-query';
import { ApplyPageGate } from './save-page';

// Opening a page of the application's first part records it as the last viewed page (one call, and only
// when that changes something), so a returning borrower resumes where they stopped.

const application = (extra: Partial<ApplicationView>) => ({
  id: 'app-1',
  status: 'inProgress',
  lastCompletedPage: 'EligibleDebts',
  lastViewedPage: 'ProvideMonthlyIncome',
  ...extra,
});

function renderGate(page: Page, app: ReturnType<typeof application>) {
  const calls = answerApi({
    'GET /api/session': BORROWER_SESSION_REPLY,
    'GET /api/application': { status: 200, body: app },
    'PUT /api/application/viewed-page': { status: 204 },
  });
  const rendered = renderRoutes(
    [
      {
        path: '*',
        Component: () => (
          // Any status: an application past inProgress would otherwise be sent where it stands.
          <ApplyPageGate page={page} title="A page" allowAnyStatus>
            {(a) => <p>shown, last viewed {a.lastViewedPage}</p>}
          </ApplyPageGate>
        ),
      },
    ],
    '/somewhere',
  );
  return { calls, ...rendered };
}

const puts = (calls: { method: string; path: string; body: unknown }[]) =>
  calls.filter((c) => c.method === 'PUT').map((c) => [c.path, c.body]);

describe('ApplyPageGate records the page viewed', () => {
  it('sends an earlier page the borrower went back to, once, and keeps it in the cached application', async () => {
    const { calls, queryClient } = renderGate('Household', application({}));
    await screen.findByText(/^shown/);
    await waitFor(() =>
      expect(puts(calls)).toEqual([['/api/application/viewed-page', { page: 'Household' }]]),
    );
    await waitFor(() =>
      expect(queryClient.getQueryData<ApplicationView>(applyKeys.application())?.lastViewedPage).toBe(
        'Household',
      ),
    );
    expect(screen.getByText(/^shown/)).toHaveTextContent('shown, last viewed Household');
    expect(puts(calls)).toHaveLength(1);
  });

  it.each<[string, Page, Partial<ApplicationView>]>([
    ['the page a save already chose', 'ProvideMonthlyIncome', {}],
    ['a page before its prerequisite', 'Expenses', {}],
    ['an application past inProgress', 'Household', { status: 'qualified' as ApplicationView['status'] }],
    ['a page of the later part (recorded by its steps)', 'Review', {}],
  ])('sends nothing for %s', async (_case, page, extra) => {
    const { calls } = renderGate(page, application(extra));
    await screen.findByText(/^shown/);
    // Long enough for an effect's call to have gone out.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(puts(calls)).toEqual([]);
  });

  it('sends nothing when a save moves the application on while the page is still open', async () => {
    // /credit opened where the last save left the borrower: nothing to record.
    const { calls, queryClient } = renderGate(
      'Credit',
      application({ lastCompletedPage: 'Household', lastViewedPage: 'Credit' }),
    );
    await screen.findByText(/^shown/);
    // Its save answers and the application is read again before the next page opens: the server now says
    // the borrower is on /eligible-debts. The page being left must not claim the borrower back.
    queryClient.setQueryData(applyKeys.application(), {
      ...application({ lastCompletedPage: 'Credit', lastViewedPage: 'EligibleDebts' }),
    });
    await screen.findByText('shown, last viewed EligibleDebts');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(puts(calls)).toEqual([]);
  });
});
