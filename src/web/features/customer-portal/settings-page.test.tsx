import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answerApi } from '#web/test/api-mock';
import { renderRoutes } from '#web/test/render';
import { BORROWER_SESSION_REPLY } from '#web/test/sessions';
import { SETTINGS_PATH, TEXT_MESSAGES_PATH } from './api';
import { Component as SettingsPage, TEXT_MESSAGES_FAILED, TEXT_MESSAGES_LABEL } from './settings-page';

function renderPage(put: { status: number; body: unknown }) {
  const calls = answerApi({
    'GET /api/session': BORROWER_SESSION_REPLY,
    'GET /api/customer-portal/plan': { status: 200, body: {} },
    [`GET ${SETTINGS_PATH}`]: { status: 200, body: { phoneNumberLast4: '0123', receivesTextMessages: true } },
    [`PUT ${TEXT_MESSAGES_PATH}`]: put,
  });
  const app = renderRoutes(
    [{ path: '/customer-portal/settings', Component: SettingsPage }],
    '/customer-portal/settings',
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
