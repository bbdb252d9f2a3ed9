import { screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Language } from '#domain/i18n/language';
import { HARDSHIP_LABELS, HARDSHIPS_QUESTION } from '#domain/validation/application';
import { MESSAGES } from '#domain/validation/messages';
import { Component as HardshipsPage } from './hardships-page';
import { server } from '#web/test/api-mock';
import { renderRoutes } from '#web/test/render';
import { borrowerSession } from '#web/test/sessions';

const NONE = {
  hasHousingIssues: false,
  hasIncreasedMedicalExpenses: false,
  hasReductionInIncome: false,
  isUnemployed: false,
  other: false,
};
const saved = (
  hardships: Partial<typeof NONE> = {},
  status = 'inProgress',
  lastViewedPage = 'Hardships',
) => ({
  id: 'app-1',
  status,
  lastCompletedPage: 'Lead',
  lastViewedPage,
  hardships: { ...NONE, ...hardships },
});

type Reply = { status: number; body?: unknown };
let replies: { get: Reply; put: Reply };
let puts: unknown[];
let app: ReturnType<typeof renderRoutes>;
let user: UserEvent;

beforeEach(() => {
  puts = [];
  replies = { get: { status: 200, body: saved() }, put: { status: 200, body: { next: '/household' } } };
  server.use(
    http.get('/api/session', () => HttpResponse.json(borrowerSession())),
    http.get('/api/application', () =>
      HttpResponse.json(replies.get.body as object, { status: replies.get.status }),
    ),
    http.put('/api/application/hardships', async ({ request }) => {
      puts.push(await request.json());
      return HttpResponse.json(replies.put.body as object, { status: replies.put.status });
    }),
  );
});

function renderPage(language: Language = 'en') {
  app = renderRoutes(
    [
      { path: '/hardships', Component: HardshipsPage },
      { path: '*', Component: () => <p>elsewhere</p> },
    ],
    '/hardships',
    undefined,
    language,
  );
  user = app.user;
}

const checkbox = (label: string) => screen.getByRole<HTMLInputElement>('checkbox', { name: label });
/** The page once the saved application is on it. */
const loaded = () => screen.findByRole('heading', { level: 1, name: HARDSHIPS_QUESTION });
const submit = () => user.click(screen.getByRole('button', { name: 'Continue' }));
const path = () => app.router.state.location.pathname;

describe('/hardships', () => {
  it('shows the question, the five options prefilled from the saved application, and step 1 as current', async () => {
    replies.get.body = saved({ isUnemployed: true, other: true });
    await renderPage();
    await loaded();
    expect(document.body).toHaveTextContent('Select all that apply');
    await waitFor(() =>
      expect(Object.values(HARDSHIP_LABELS).map((label) => checkbox(label).checked)).toEqual([
        false,
        false,
        false,
        true,
        true,
      ]),
    );
    expect(document.querySelector('[aria-current="step"]')?.textContent).toContain('Personal Information');
  });

  it('shows the message under the group and focuses the first option when nothing is selected', async () => {
    await renderPage();
    await loaded();
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Please select at least one option.');
    expect(checkbox(HARDSHIP_LABELS.hasHousingIssues)).toHaveFocus();
    expect(puts).toEqual([]);

    // Ticking an option clears the message (re-validated on change after the first submit).
    await user.click(checkbox(HARDSHIP_LABELS.other));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });

  it('saves the answers and goes where the server says', async () => {
    await renderPage();
    await loaded();
    await user.click(checkbox(HARDSHIP_LABELS.hasReductionInIncome));
    await submit();
    await waitFor(() => expect(path()).toBe('/household'));
    expect(puts).toEqual([{ ...NONE, hasReductionInIncome: true }]);
  });

  it('goes on to /household without saving again when answers saved before are unchanged', async () => {
    replies.get.body = { ...saved({ isUnemployed: true }), lastCompletedPage: 'Credit' };
    await renderPage();
    await loaded();
    // Changed and changed back is unchanged too.
    await user.click(checkbox(HARDSHIP_LABELS.other));
    await user.click(checkbox(HARDSHIP_LABELS.other));
    await submit();
    await waitFor(() => expect(path()).toBe('/household'));
    expect(puts).toEqual([]);
  });

  it('saves answers saved before once one changed', async () => {
    replies.get.body = { ...saved({ isUnemployed: true }), lastCompletedPage: 'Credit' };
    await renderPage();
    await loaded();
    await user.click(checkbox(HARDSHIP_LABELS.other));
    await submit();
    await waitFor(() => expect(path()).toBe('/household'));
    expect(puts).toEqual([{ ...NONE, isUnemployed: true, other: true }]);
  });

  it('saves prefilled answers of a page never saved, unchanged as they are', async () => {
    replies.get.body = saved({ isUnemployed: true });
    await renderPage();
    await loaded();
    await submit();
    await waitFor(() => expect(path()).toBe('/household'));
    expect(puts).toEqual([{ ...NONE, isUnemployed: true }]);
  });

  it('shows the save failure in the error modal and stays', async () => {
    replies.put = { status: 500, body: { code: 'InternalError', message: 'boom' } };
    await renderPage();
    await loaded();
    await user.click(checkbox(HARDSHIP_LABELS.other));
    await submit();
    expect(await screen.findByRole('dialog')).toHaveTextContent(MESSAGES.saveFailed);
    expect(path()).toBe('/hardships');
  });

  it('shows the server’s reason when the application moved on meanwhile, then goes where it stands', async () => {
    const message = 'Your application has moved past this step, so these answers can no longer be changed.';
    replies.put = { status: 409, body: { code: 'Conflict', message, redirect: '/offers/review' } };
    await renderPage();
    await loaded();
    await user.click(checkbox(HARDSHIP_LABELS.other));
    await submit();
    expect(await screen.findByRole('dialog')).toHaveTextContent(message);
    await user.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(path()).toBe('/offers/review'));
  });

  it('sends a borrower whose application moved on to where it stands', async () => {
    replies.get.body = saved({ other: true }, 'signContract', 'Submitted');
    await renderPage();
    await waitFor(() => expect(path()).toBe('/submitted'));
  });
});

describe('/hardships in Spanish', () => {
  it('asks the question with its options in Spanish and explains an empty answer', async () => {
    replies.get.body = saved({ isUnemployed: true });
    renderPage('es');
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: '¿Está pasando actualmente por alguna de las siguientes situaciones?',
      }),
    ).toBeInTheDocument();
    expect(document.title).toContain('Su situación');
    expect(screen.getByText('Seleccione todas las que correspondan')).toBeInTheDocument();
    expect(screen.getAllByRole('checkbox').map((c) => c.closest('label')?.textContent)).toEqual([
      'Problemas de vivienda (reparaciones, ejecución hipotecaria o desalojo)',
      'Aumento de los gastos médicos',
      'Reducción de ingresos',
      'Desempleo',
      'Otra',
    ]);
    await user.click(checkbox('Desempleo'));
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Seleccione al menos una opción.');
    expect(puts).toEqual([]);
  });
});
