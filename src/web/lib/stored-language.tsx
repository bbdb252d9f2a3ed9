import type { QueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { Language } from '#domain/i18n/language';
import { api } from './api';
import { useLanguage } from './i18n';
import { SESSION_QUERY_KEY, type SessionAnswer } from './session';

/** The signed-in borrower of the cached session, if there is one (staff keep no language with us). */
function signedInBorrower(queryClient: QueryClient) {
  const answer = queryClient.getQueryData<SessionAnswer>(SESSION_QUERY_KEY);
  return answer?.user && !answer.user.isStaff ? answer.user : undefined;
}

/**
 * What the language switch does besides redrawing the page: a signed-in borrower's choice is stored with them,
 * so their emails, texts and letters follow it and their next device opens in it. Sent once, without waiting
 * and without retrying: if it fails, the page is still in the chosen language and the next switch sends again.
 */
export function storeLanguageChoice(queryClient: QueryClient, language: Language): void {
  const user = signedInBorrower(queryClient);
  if (!user || user.preferredLanguage === language) return;
  queryClient.setQueryData<SessionAnswer>(SESSION_QUERY_KEY, (answer) =>
    answer?.user ? { ...answer, user: { ...answer.user, preferredLanguage: language } } : answer,
  );
  api<void>('/api/account/language', { method: 'PUT', body: { language } }).catch(() => {
    // Nothing to tell the borrower: the page already shows their choice.
  });
}

/**
 * Switches the page to the language a borrower stored, the first time the session shows them signed in (on a
 * new device the page starts in that device's language). Later answers for the same person leave the page as
 * it is: the switch on this device has the last word.
 */
export function FollowStoredLanguage({ queryClient }: { queryClient: QueryClient }) {
  const { language, setLanguage } = useLanguage();
  const seen = useRef<string | undefined>(undefined);
  const current = useRef(language);
  useEffect(() => {
    current.current = language;
  }, [language]);
  useEffect(() => {
    const follow = () => {
      const user = signedInBorrower(queryClient);
      if (!user) {
        seen.current = undefined;
        return;
      }
      if (seen.current === user.id) return;
      seen.current = user.id;
      if (user.preferredLanguage && user.preferredLanguage !== current.current)
        void setLanguage(user.preferredLanguage);
    };
    follow();
    return queryClient.getQueryCache().subscribe((event) => {
      if (event.query.queryKey[0] === SESSION_QUERY_KEY[0]) follow();
    });
  }, [queryClient, setLanguage]);
  return null;
}
