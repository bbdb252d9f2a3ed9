import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ALL_CATALOGS } from '#domain/i18n/all-catalogs';
import type { Language } from '#domain/i18n/language';
import { answerApi } from '#web/test/api-mock';
import { testQueryClient } from '#web/test/render';
import { borrowerSession, staffSession } from '#web/test/sessions';
import { LanguageProvider, useLanguage } from './i18n';
import { SESSION_QUERY_KEY, type SessionAnswer } from './session';
import { FollowStoredLanguage, storeLanguageChoice } from './stored-language';

function Switch() {
  const { language, setLanguage } = useLanguage();
  return (
    <button type="button" onClick={() => void setLanguage(language === 'en' ? 'es' : 'en')}>
      {`page in ${language}`}
    </button>
  );
}

/** The app's wiring (app.tsx) around a switch, with a session already in the cache or none. */
function renderApp(session: SessionAnswer | undefined, language: Language = 'en') {
  const queryClient = testQueryClient();
  if (session) queryClient.setQueryData(SESSION_QUERY_KEY, session);
  render(
    <LanguageProvider
      initial={{ language, catalog: ALL_CATALOGS[language] }}
      onChange={(chosen) => storeLanguageChoice(queryClient, chosen)}
    >
      <FollowStoredLanguage queryClient={queryClient} />
      <Switch />
    </LanguageProvider>,
  );
  return queryClient;
}

const withLanguage = (answer: SessionAnswer, preferredLanguage: Language | null): SessionAnswer =>
  answer.user ? { ...answer, user: { ...answer.user, preferredLanguage } } : answer;

describe('a borrower’s stored language', () => {
  it('is stored when a signed-in borrower uses the switch', async () => {
    const calls = answerApi({ 'PUT /api/account/language': { status: 204 } });
    renderApp(withLanguage(borrowerSession(), 'en'));
    await userEvent.click(screen.getByRole('button', { name: 'page in en' }));
    await screen.findByRole('button', { name: 'page in es' });
    await waitFor(() =>
      expect(calls).toEqual([{ method: 'PUT', path: '/api/account/language', body: { language: 'es' } }]),
    );
  });

  it('is not sent for a visitor who is not signed in', async () => {
    const calls = answerApi({});
    renderApp(undefined);
    await userEvent.click(screen.getByRole('button', { name: 'page in en' }));
    await screen.findByRole('button', { name: 'page in es' });
    expect(calls).toEqual([]);
  });

  it('is not sent for staff', async () => {
    const calls = answerApi({});
    renderApp(staffSession());
    await userEvent.click(screen.getByRole('button', { name: 'page in en' }));
    await screen.findByRole('button', { name: 'page in es' });
    expect(calls).toEqual([]);
  });

  it('keeps the page in the chosen language when storing it fails', async () => {
    answerApi({ 'PUT /api/account/language': 'network-error' });
    renderApp(withLanguage(borrowerSession(), 'en'));
    await userEvent.click(screen.getByRole('button', { name: 'page in en' }));
    expect(await screen.findByRole('button', { name: 'page in es' })).toBeInTheDocument();
  });

  it('switches the page to it after sign-in on a new device, without storing it again', async () => {
    const calls = answerApi({});
    const queryClient = renderApp({ user: null });
    expect(screen.getByRole('button', { name: 'page in en' })).toBeInTheDocument();
    act(() => queryClient.setQueryData(SESSION_QUERY_KEY, withLanguage(borrowerSession(), 'es')));
    expect(await screen.findByRole('button', { name: 'page in es' })).toBeInTheDocument();
    expect(document.cookie).toContain('lang=es');
    expect(calls).toEqual([]);
  });

  it('leaves the page as it is for a borrower with no stored language', async () => {
    renderApp(withLanguage(borrowerSession(), null), 'es');
    expect(await screen.findByRole('button', { name: 'page in es' })).toBeInTheDocument();
  });
});
