import { describe, expect, it } from 'vitest';
import { SITE } from '#domain/site';
import { screen } from '@testing-library/react';
import { answerApi } from '#web/test/api-mock';
import { renderRoutes } from '#web/test/render';
import { Component as WeWillNotifyYouPage } from './we-will-notify-you-page';
import { BORROWER_SESSION_REPLY } from '#web/test/sessions';

describe('/we-will-notify-you', () => {
  it('confirms the email we will write to and gives the agency phone as a tel: link, whatever the status', async () => {
    answerApi({
      'GET /api/session': BORROWER_SESSION_REPLY,
      'GET /api/application': {
        status: 200,
        body: {
          id: 'app-1',
          status: 'disqualified',
          lastCompletedPage: 'NotifyWhenEligible',
          lastViewedPage: 'WeWillNotifyYou',
          borrower: { email: 'ana@example.com', state: 'DC', notifyWhenStateIsEligible: true },
        },
      },
    });
    const app = renderRoutes(
      [
        { path: '/we-will-notify-you', Component: WeWillNotifyYouPage },
        { path: '*', Component: () => <p>elsewhere</p> },
      ],
      '/we-will-notify-you',
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'We will notify you' })).toBeInTheDocument();
    expect(document.body).toHaveTextContent('We will notify you at ana@example.com when our service');
    expect(screen.getByRole('link', { name: SITE.phone.display })).toHaveAttribute(
      'href',
      `tel:${SITE.phone.tel}`,
    );
    expect(app.router.state.location.pathname).toBe('/we-will-notify-you');
    // No step of the progress bar belongs to this page.
    expect(document.querySelector('[aria-current="step"]')).toBeNull();
  });
});

describe('/we-will-notify-you in Spanish', () => {
  it('confirms the email and gives the phone and the hours in Spanish', async () => {
    answerApi({
      'GET /api/session': BORROWER_SESSION_REPLY,
      'GET /api/application': {
        status: 200,
        body: {
          id: 'app-1',
          status: 'disqualified',
          lastCompletedPage: 'NotifyWhenEligible',
          lastViewedPage: 'WeWillNotifyYou',
          borrower: { email: 'ana@example.com', state: 'DC', notifyWhenStateIsEligible: true },
        },
      },
    });
    renderRoutes(
      [{ path: '/we-will-notify-you', Component: WeWillNotifyYouPage }],
      '/we-will-notify-you',
      undefined,
      'es',
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Le avisaremos' })).toBeInTheDocument();
    expect(document.title).toContain('Le avisaremos');
    expect(screen.getByText(/^Gracias\. Le avisaremos a/)).toHaveTextContent(
      'Gracias. Le avisaremos a ana@example.com cuando nuestro servicio esté disponible en su estado.',
    );
    expect(screen.getByText(/^¿Tiene preguntas\? Llame a/)).toHaveTextContent(
      `¿Tiene preguntas? Llame a ${SITE.agencyName} al ${SITE.phone.display}, Lunes a viernes`,
    );
  });
});
