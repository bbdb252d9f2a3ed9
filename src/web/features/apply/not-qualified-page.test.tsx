import { describe, expect, it } from 'vitest';
import { SITE } from '#domain/site';
import { MESSAGES } from '#domain/validation/messages';
import { screen } from '@testing-library/react';
import { answerApi, type ApiReply } from '#web/test/api-mock';
import { renderRoutes } from '#web/test/render';
import { Component as NotQualifiedPage } from './not-qualified-page';
import { BORROWER_SESSION_REPLY } from '#web/test/sessions';

function renderPage(reply: ApiReply) {
  answerApi({
    'GET /api/session': BORROWER_SESSION_REPLY,
    'GET /api/application': reply,
  });
  const app = renderRoutes(
    [
      { path: '/offers/not-qualified', Component: NotQualifiedPage },
      { path: '*', Component: () => <p>elsewhere</p> },
    ],
    '/offers/not-qualified',
  );
  return app;
}

describe('/offers/not-qualified', () => {
  it('thanks the user and gives the phone with the hours, whatever the status', async () => {
    const app = renderPage({
      status: 200,
      body: {
        id: 'app-1',
        status: 'disqualified',
        lastCompletedPage: 'Credit',
        lastViewedPage: 'NotQualified',
      },
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Thank you for your application' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText(/you do not qualify for a Debt Management Plan at this time/),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: SITE.phone.display })).toHaveAttribute(
      'href',
      `tel:${SITE.phone.tel}`,
    );
    expect(screen.getByText(/Monday - Friday 9AM - 5PM EST/)).toBeInTheDocument();
    expect(app.router.state.location.pathname).toBe('/offers/not-qualified');
  });

  it('offers a retry when the application cannot be read', async () => {
    renderPage({ status: 500, body: {} });
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.applicationLoadFailed);
  });
});
