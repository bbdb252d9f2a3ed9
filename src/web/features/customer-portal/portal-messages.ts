import { useCallback } from 'react';
import { defineMessages, useIntl, type MessageDescriptor } from 'react-intl';
import { localizeMessage } from '#domain/i18n/translate-message';

// Texts the domain and the server write in English for the portal (a draft day refused, terms changed while
// the page was open): their English stays where it is written, and these descriptors, keyed by that English,
// let a borrower reading Spanish see them in Spanish. A test checks each English against the domain's. The
// schemas' own messages (the agreements) are the shared validation texts (FIXED), which every field translates.
export const PORTAL_TEXTS: Record<
  'termsChanged' | 'nothingToConfirm' | 'previewStale' | 'notADraftDay' | 'sameDay' | 'planEndsFirst',
  MessageDescriptor
> = defineMessages({
  termsChanged: {
    id: 'portal.server.termsChanged',
    defaultMessage:
      'Your plan changed again since this page was opened. Please read the new terms before you confirm.',
  },
  nothingToConfirm: {
    id: 'portal.server.nothingToConfirm',
    defaultMessage: 'Your plan has no new amount waiting for your confirmation.',
  },
  previewStale: {
    id: 'portal.server.previewStale',
    defaultMessage:
      'The date of your first draft on the new day has changed since this page was opened. Please check it and save again.',
  },
  notADraftDay: {
    id: 'portal.draftDay.notADraftDay',
    defaultMessage: 'Choose a day from the 1st to the 28th.',
  },
  sameDay: { id: 'portal.draftDay.sameDay', defaultMessage: 'Your drafts are already on that day.' },
  planEndsFirst: {
    id: 'portal.draftDay.planEndsFirst',
    defaultMessage: 'Your plan ends before a change of day could be announced 10 days ahead.',
  },
});

const BY_ENGLISH = new Map(Object.values(PORTAL_TEXTS).map((d) => [String(d.defaultMessage), d]));

/**
 * A text the domain or the server wrote in English, in the page's language: the portal's own texts above,
 * else the shared validation and error texts; anything unknown comes back as it is.
 */
export function useLocalizeText(): (english: string) => string {
  const intl = useIntl();
  return useCallback(
    (english: string) => {
      const descriptor = BY_ENGLISH.get(english);
      return descriptor
        ? intl.formatMessage(descriptor)
        : localizeMessage(english, (d, values) => intl.formatMessage(d, values));
    },
    [intl],
  );
}
