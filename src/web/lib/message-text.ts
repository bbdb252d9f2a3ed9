import type { IntlShape } from 'react-intl';
import { formatMessageRef, isMessageRef, type FormatMessage, type MessageRef } from '#domain/i18n/message';

/**
 * A message a page shows: its id and values (a `MessageRef`), worded in the page's language where it is
 * shown, or a text that is already in the reader's language, such as the server's `message`, which the server
 * words in the language the reader chose. Nothing here is English to be translated: a page's own message is
 * always a ref.
 */
export type ShownMessage = MessageRef | string;

/**
 * A message in the page's language: worded by its id when it has one (the ref given beside a text wins, as an
 * API error's `messageRef` beside its `message`); a text without one is shown as it came.
 */
export function messageText(intl: IntlShape, message: ShownMessage, ref?: MessageRef): string {
  const shown = ref ?? message;
  if (typeof shown === 'string') return shown;
  const format: FormatMessage = (descriptor, values) => intl.formatMessage(descriptor, values);
  return formatMessageRef(shown, format);
}

/** A message passed on as data (router state): a ref of ours or a non-empty text, else nothing. */
export function shownMessageFrom(value: unknown): ShownMessage | undefined {
  if (isMessageRef(value)) return value;
  return typeof value === 'string' && value !== '' ? value : undefined;
}
