import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Language } from '#domain/i18n/language';
import { answerApi } from '#web/test/api-mock';
import { renderRoutes } from '#web/test/render';
import { BORROWER_SESSION_REPLY } from '#web/test/sessions';
import { SETTINGS_PATH, TEXT_MESSAGES_PATH } from './api';
import { Component as SettingsPage, TEXT_MESSAGES_FAILED, TEXT_MESSAGES_LABEL } from './settings-page';

function renderPage(put: { status: number; body: unknown }, language: Language = 'en') {
  const calls = answerApi({
    'GET /api/session': BORROWER_SESSION_REPLY,
    'GET /api/customer-portal/plan': { status: 200, body: {} },
    [`GET ${SETTINGS_PATH}`]: { status: 200, body: { phoneNumberLast4: '0123', receivesTextMessages: true } },
    [`PUT ${TEXT_MESSAGES_PATH}`]: put,
  });
  const app = renderRoutes(
    [{ path: '/customer-portal/settings', Component: SettingsPage }],
    '/customer-portal/settings',
    undefined,
    language,
  );
  return { calls, user: app.user };
}

describe('/customer-portal/settings: text messages', () => {
  it('shows the choice and the number, and opts out with one click', async () => {
    const { calls, user } = renderPage({
      status: 200,
      body: { phoneNumberLast4: '0123', receivesTextMessages: false },
    });
    const box = await screen.findByRole('checkbox', { name: TEXT_MESSAGES_LABEL });
    expect(box).toBeChecked();
    expect(box).toHaveAccessibleDescription(/To your number ending 0123\. You can also reply STOP/);
    await user.click(box);
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('We will not text you.'));
    expect(box).not.toBeChecked();
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([
      { receivesTextMessages: false },
    ]);
  });

  it('says so when the choice could not be saved, and keeps the saved one', async () => {
    const { user } = renderPage({ status: 500, body: {} });
    const box = await screen.findByRole('checkbox', { name: TEXT_MESSAGES_LABEL });
    await user.click(box);
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(TEXT_MESSAGES_FAILED));
    expect(box).toBeChecked();
  });
});

describe('/customer-portal/settings in Spanish', () => {
  it('names the settings in Spanish and opts out of texts', async () => {
    const { user } = renderPage(
      { status: 200, body: { phoneNumberLast4: '0123', receivesTextMessages: false } },
      'es',
    );
    const box = await screen.findByRole('checkbox', { name: 'Envíenme mensajes de texto sobre mi plan' });
    expect(screen.getByRole('heading', { level: 1, name: 'Configuración' })).toBeInTheDocument();
    expect(document.title).toContain('Configuración');
    expect(screen.getByText('Correo electrónico')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Cambiar el correo electrónico' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Cambiar la contraseña' })).toBeInTheDocument();
    expect(screen.getByText('Mensajes de texto')).toBeInTheDocument();
    expect(box).toHaveAccessibleDescription(
      'Al número terminado en 0123. También puede responder PARAR a cualquier mensaje de texto para dejar de recibirlos. Los correos electrónicos sobre su plan seguirán llegando.',
    );
    await user.click(box);
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent('No le enviaremos mensajes de texto.'),
    );
  });

  it('says in Spanish when the choice could not be saved', async () => {
    const { user } = renderPage({ status: 500, body: {} }, 'es');
    await user.click(
      await screen.findByRole('checkbox', { name: 'Envíenme mensajes de texto sobre mi plan' }),
    );
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(
        'No se pudo guardar su elección. Por favor, vuelva a intentarlo.',
      ),
    );
  });
});
