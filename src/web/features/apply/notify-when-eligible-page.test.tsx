import { screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { NOTIFY_QUESTION } from '#domain/validation/application';
import { MESSAGES } from '#domain/validation/messages';
import { answerApi, type ApiReply } from '#web/test/api-mock';
import { renderRoutes } from '#web/test/render';
import { Component as NotifyPage } from './notify-when-eligible-page';
import { BORROWER_SESSION_REPLY } from '#web/test/sessions';

// Disqualified for the state: the page opens whatever the status.
const application = (state: string | null) => ({
  id: 'app-1',
  status: 'disqualified',
  lastCompletedPage: 'Household',
  lastViewedPage: 'NotifyWhenEligible',
  borrower: { email: 'ana@example.com', state, notifyWhenStateIsEligible: null },
});

async function renderPage(state: string | null, put: ApiReply) {
  const calls = answerApi({
    'GET /api/session': BORROWER_SESSION_REPLY,
    'GET /api/application': { status: 200, body: application(state) },
    'PUT /api/application/notify-when-eligible': put,
  });
  const { router, user } = renderRoutes(
    [
      { path: '/notify-when-eligible', Component: NotifyPage },
      { path: '*', Component: () => <p>elsewhere</p> },
    ],
    '/notify-when-eligible',
  );
  await screen.findByRole('heading', { level: 1 });
  return { calls, router, user };
}

const submit = (user: UserEvent) => user.click(screen.getByRole('button', { name: 'Continue' }));
const answer = (user: UserEvent, choice: 'Yes' | 'No') =>
  user.click(screen.getByRole('radio', { name: choice }));

describe('/notify-when-eligible', () => {
  it.each([
    ['DC', 'District of Columbia'],
    [null, 'your state'],
  ])(
    'names the state %j as %j, says the credit was not pulled and asks the question',
    async (code, shown) => {
      const { calls, user } = await renderPage(code, { status: 200, body: { next: '/we-will-notify-you' } });
      expect(document.body).toHaveTextContent(`in ${shown} at this time`);
      expect(document.body).toHaveTextContent('Your credit has not been pulled');
      expect(screen.getByRole('group', { name: NOTIFY_QUESTION })).toBeInTheDocument();
      await submit(user);
      expect(await screen.findByRole('alert')).toHaveTextContent(`${NOTIFY_QUESTION} is required`);
      expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    },
  );

  it.each([
    ['Yes', true, '/we-will-notify-you'],
    ['No', false, '/offers/not-qualified'],
  ] as const)('%s saves notifyWhenStateIsEligible %j and goes to %s', async (choice, value, next) => {
    const { calls, router, user } = await renderPage('DC', { status: 200, body: { next } });
    await answer(user, choice);
    await submit(user);
    await waitFor(() => expect(router.state.location.pathname).toBe(next));
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([
      { notifyWhenStateIsEligible: value },
    ]);
  });

  it('shows the network failure and stays', async () => {
    const { router, user } = await renderPage('DC', 'network-error');
    await answer(user, 'No');
    await submit(user);
    expect(await screen.findByRole('dialog')).toHaveTextContent(MESSAGES.networkError);
    expect(router.state.location.pathname).toBe('/notify-when-eligible');
  });
});

describe('/notify-when-eligible in Spanish', () => {
  it('names the state, asks the question and offers Sí/No and Continuar in Spanish', async () => {
    answerApi({
      'GET /api/session': BORROWER_SESSION_REPLY,
      'GET /api/application': { status: 200, body: application('NY') },
    });
    renderRoutes(
      [{ path: '/notify-when-eligible', Component: NotifyPage }],
      '/notify-when-eligible',
      undefined,
      'es',
    );
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'Nuestro servicio todavía no está disponible en su estado',
      }),
    ).toBeInTheDocument();
    expect(screen.getByText(/^Lo sentimos\./)).toHaveTextContent(
      'Lo sentimos. Por ahora no ofrecemos nuestro plan de manejo de deudas en Nueva York.',
    );
    expect(
      screen.getByRole('group', {
        name: '¿Desea que le avisemos cuando nuestro servicio esté disponible en su estado?',
      }),
    ).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Sí' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continuar' })).toBeInTheDocument();
    expect(document.title).toContain('Nuestro servicio todavía no está disponible en su estado');
  });
});
