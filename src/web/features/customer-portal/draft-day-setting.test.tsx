import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { DraftDayView } from '#domain/enrollment/settings';
import type { Language } from '#domain/i18n/language';
import { answerApi } from '#web/test/api-mock';
import { renderRoutes } from '#web/test/render';
import { BORROWER_SESSION_REPLY } from '#web/test/sessions';
import { DRAFT_DAY_PATH, SETTINGS_PATH } from './api';
import { CHANGE_DRAFT_DAY, DRAFT_DAY_FAILED, NEW_DRAFT_DAY_LABEL, SAVE_DRAFT_DAY } from './draft-day-setting';
import { Component as SettingsPage } from './settings-page';

// Settings: moving the monthly draft to another day. The dates shown come from the same function the server
// checks them with; here the schedule is fixed so the sentences are exact.

const drafts: DraftDayView = {
  draftDay: 20,
  nextDraftDate: '2027-03-20',
  monthlyDraft: 41_500,
  amountChange: null,
  upcomingChange: null,
  schedule: { firstDraftDate: '2027-01-20', termInMonths: 24, draftDayChanges: [] },
  today: '2027-03-12',
};
const settings = (d: DraftDayView) => ({ phoneNumberLast4: '0123', receivesTextMessages: true, drafts: d });

function renderPage(
  put: { status: number; body: unknown },
  language: Language = 'en',
  shown: DraftDayView = drafts,
) {
  const calls = answerApi({
    'GET /api/session': BORROWER_SESSION_REPLY,
    'GET /api/customer-portal/plan': { status: 200, body: {} },
    [`GET ${SETTINGS_PATH}`]: { status: 200, body: settings(shown) },
    [`PUT ${DRAFT_DAY_PATH}`]: put,
  });
  const app = renderRoutes(
    [{ path: '/customer-portal/settings', Component: SettingsPage }],
    '/customer-portal/settings',
    undefined,
    language,
  );
  return { calls, user: app.user };
}

const draftRow = () => screen.getByText('Monthly draft day').parentElement!;

describe('/customer-portal/settings: the monthly draft day', () => {
  it('says the amount of the next draft and from which draft a changed amount is drawn', async () => {
    // A creditor declined: $415 is still drawn on March 20; $397 from the draft on April 20.
    renderPage({ status: 500, body: {} }, 'en', {
      ...drafts,
      amountChange: { monthlyDraft: 39_661, from: '2027-04-20' },
    });
    expect(
      await screen.findByText(
        'We draw $415.00 on the 20th of each month. Your next draft is on March 20, 2027. From your draft on ' +
          'April 20, 2027, we draw $396.61.',
      ),
    ).toBeInTheDocument();
  });

  it('shows the day, previews a change from the draft 10 days away, and saves it with the authorization', async () => {
    const saved: DraftDayView = {
      ...drafts,
      upcomingChange: { draftDay: 5, firstDraftOnNewDay: '2027-04-05' },
      schedule: { ...drafts.schedule, draftDayChanges: ['2027-04-05'] },
    };
    const { calls, user } = renderPage({ status: 200, body: settings(saved) });
    expect(
      await screen.findByText(
        'We draw $415.00 on the 20th of each month. Your next draft is on March 20, 2027.',
      ),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: CHANGE_DRAFT_DAY }));
    const select = screen.getByRole('combobox', { name: NEW_DRAFT_DAY_LABEL });
    await waitFor(() => expect(select).toHaveFocus());
    await user.selectOptions(select, '5th');
    expect(
      screen.getByText(
        'Your draft on March 20, 2027 stays as planned. From April 5, 2027, drafts are on the 5th of each month, at least 10 days from today.',
      ),
    ).toBeInTheDocument();
    await user.click(
      screen.getByRole('checkbox', {
        name: 'I authorize Harbor Light Credit Counseling to draw $415.00 on the 5th of each month from April 5, 2027.',
      }),
    );
    await user.click(screen.getByRole('button', { name: SAVE_DRAFT_DAY }));
    await waitFor(() =>
      expect(within(draftRow()).getByRole('status')).toHaveTextContent(
        'Saved. From April 5, 2027, drafts are on the 5th of each month. We emailed you the details.',
      ),
    );
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([
      { draftDay: 5, firstDraftOnNewDay: '2027-04-05', agreed: true },
    ]);
    expect(
      screen.getByText(
        'We draw $415.00 on the 20th of each month. Your next draft is on March 20, 2027. From April 5, 2027, drafts are on the 5th.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: CHANGE_DRAFT_DAY })).toHaveFocus();
  });

  it('asks for a day and the authorization, and refuses the day drafts are already on', async () => {
    const { calls, user } = renderPage({ status: 200, body: settings(drafts) });
    await user.click(await screen.findByRole('button', { name: CHANGE_DRAFT_DAY }));
    await user.click(screen.getByRole('button', { name: SAVE_DRAFT_DAY }));
    expect(await screen.findByText('Choose a day from the 1st to the 28th.')).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: NEW_DRAFT_DAY_LABEL }), '20th');
    expect(screen.getByText('Your drafts are already on that day.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: SAVE_DRAFT_DAY }));
    expect(await screen.findByText('Check the box to authorize drafts on the new day.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);
  });

  it('shows the server’s reason when the dates moved on', async () => {
    const stale = 'The date of your first draft on the new day has changed since this page was opened.';
    const { user } = renderPage({ status: 409, body: { code: 'Conflict', message: stale } });
    await user.click(await screen.findByRole('button', { name: CHANGE_DRAFT_DAY }));
    await user.selectOptions(screen.getByRole('combobox', { name: NEW_DRAFT_DAY_LABEL }), '28th');
    await user.click(screen.getByRole('checkbox', { name: /on the 28th of each month from April 28, 2027/ }));
    await user.click(screen.getByRole('button', { name: SAVE_DRAFT_DAY }));
    expect(await screen.findByRole('alert')).toHaveTextContent(stale);
  });

  it('keeps the form when the server fails, and Cancel closes it', async () => {
    const { user } = renderPage({ status: 500, body: {} });
    await user.click(await screen.findByRole('button', { name: CHANGE_DRAFT_DAY }));
    await user.selectOptions(screen.getByRole('combobox', { name: NEW_DRAFT_DAY_LABEL }), '28th');
    await user.click(screen.getByRole('checkbox', { name: /28th/ }));
    await user.click(screen.getByRole('button', { name: SAVE_DRAFT_DAY }));
    expect(await screen.findByText(DRAFT_DAY_FAILED)).toBeInTheDocument();
  });

  it('Cancel closes the form and returns focus to the button', async () => {
    const { user } = renderPage({ status: 200, body: {} });
    await user.click(await screen.findByRole('button', { name: CHANGE_DRAFT_DAY }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('combobox', { name: NEW_DRAFT_DAY_LABEL })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: CHANGE_DRAFT_DAY })).toHaveFocus();
  });
});

describe('/customer-portal/settings: the monthly draft day in Spanish', () => {
  it('shows the day, previews a change and saves it, in Spanish', async () => {
    const saved: DraftDayView = {
      ...drafts,
      upcomingChange: { draftDay: 5, firstDraftOnNewDay: '2027-04-05' },
      schedule: { ...drafts.schedule, draftDayChanges: ['2027-04-05'] },
    };
    const { user } = renderPage({ status: 200, body: settings(saved) }, 'es');
    expect(
      await screen.findByText(
        'Cobramos $415.00 el día 20 de cada mes. Su próximo cargo será el 20 de marzo de 2027.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('Día del cargo mensual')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cambiar el día del cargo' }));
    await user.click(screen.getByRole('button', { name: 'Guardar el nuevo día' }));
    expect(await screen.findByText('Elija un día del 1 al 28.')).toBeInTheDocument();
    expect(
      screen.getByText('Marque la casilla para autorizar los cargos en el nuevo día.'),
    ).toBeInTheDocument();
    const select = screen.getByRole('combobox', { name: 'Nuevo día del mes' });
    await user.selectOptions(select, '20');
    expect(screen.getByText('Sus cargos ya se hacen ese día.')).toBeInTheDocument();
    await user.selectOptions(select, '5');
    expect(
      screen.getByText(
        'Su cargo del 20 de marzo de 2027 se mantiene como estaba previsto. A partir del 5 de abril de 2027, los cargos se harán el día 5 de cada mes, al menos 10 días después de hoy.',
      ),
    ).toBeInTheDocument();
    await user.click(
      screen.getByRole('checkbox', {
        name: 'Autorizo a Harbor Light Credit Counseling a cobrar $415.00 el día 5 de cada mes a partir del 5 de abril de 2027.',
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Guardar el nuevo día' }));
    await waitFor(() =>
      expect(
        within(screen.getByText('Día del cargo mensual').parentElement!).getByRole('status'),
      ).toHaveTextContent(
        'Guardado. A partir del 5 de abril de 2027, los cargos se harán el día 5 de cada mes. Le enviamos los detalles por correo electrónico.',
      ),
    );
  });

  it('shows the server’s reason in Spanish when the dates moved on, by its id whatever its text', async () => {
    const { user } = renderPage(
      {
        status: 409,
        body: {
          code: 'Conflict',
          message: 'A text the page does not read.',
          messageId: 'portal.server.previewStale',
        },
      },
      'es',
    );
    await user.click(await screen.findByRole('button', { name: 'Cambiar el día del cargo' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Nuevo día del mes' }), '28');
    await user.click(screen.getByRole('checkbox', { name: /el día 28 de cada mes/ }));
    await user.click(screen.getByRole('button', { name: 'Guardar el nuevo día' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'La fecha de su primer cargo en el nuevo día cambió desde que abrió esta página.',
    );
    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
  });
});
