import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SITE } from '#domain/site';
import { MESSAGES } from '#domain/validation/messages';
import { answerApi, type ApiCall, type ApiReply } from '#web/test/api-mock';
import { renderRoutes } from '#web/test/render';
import { Component as NextStepsPage, NEXT_STEPS, NEXT_STEPS_PATH } from './next-steps-page';
import { borrowerSession, paymentApplication } from './test-fixtures';

function renderPage(o: { application?: unknown; post?: ApiReply } = {}) {
  const calls = answerApi({
    'GET /api/session': { status: 200, body: borrowerSession },
    'GET /api/application': { status: 200, body: o.application ?? paymentApplication() },
    [`POST ${NEXT_STEPS_PATH}`]: o.post ?? {
      status: 200,
      body: { next: '/payments/payment-account-options' },
    },
  });
  const { router, user } = renderRoutes(
    [
      { path: '/payments/next-steps', Component: NextStepsPage },
      { path: '*', Component: () => <p>elsewhere</p> },
    ],
    '/payments/next-steps',
  );
  return { calls, router, user };
}

const posts = (calls: ApiCall[]) => calls.filter((c) => c.method === 'POST');

describe('/payments/next-steps', () => {
  it('lists what happens next, in order, with the agency and the offer step of the progress bar', async () => {
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Next steps' })).toBeInTheDocument();
    expect(screen.getAllByRole('listitem').map((li) => li.textContent?.replace(/^\d/, ''))).toEqual(
      expect.arrayContaining([...NEXT_STEPS]),
    );
    expect(NEXT_STEPS[3]).toContain(SITE.agencyName);
    expect(document.querySelector('[aria-current="step"]')?.textContent).toContain('Step 3');
    expect(document.title).toContain('Next steps');
  });

  it('Continue posts without a body and goes where the server says', async () => {
    const { calls, router, user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/payments/payment-account-options'));
    expect(posts(calls)).toEqual([{ method: 'POST', path: NEXT_STEPS_PATH, body: undefined }]);
  });

  it('shows a failure in the error modal and stays', async () => {
    const { router, user } = renderPage({ post: { status: 500, body: { code: 'InternalError' } } });
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('dialog')).toHaveTextContent(MESSAGES.saveFailed);
    expect(router.state.location.pathname).toBe('/payments/next-steps');
  });

  it.each([
    ['signContract', 'Submitted', '/submitted'],
    ['acceptOffer', 'Review', '/offers/review'],
    ['counselorReview', 'Submitted', '/submitted'],
  ] as const)('sends a %s application to where it stands', async (status, page, path) => {
    const { router } = renderPage({ application: paymentApplication(status, page) });
    await waitFor(() => expect(router.state.location.pathname).toBe(path));
  });
});
