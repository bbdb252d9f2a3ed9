import type { IntlShape } from 'react-intl';
import { formatMessageRef, type FormatMessage, type MessageRef } from '#domain/i18n/message';
import { localizeMessage } from '#domain/i18n/translate-message';

/**
 * A message in the page's language: worded by its id when it came with one. Without one it is a text from
 * before the schemas and the server gave ids (or a text already in the page's language), and the one place
 * the web still reads English back into a message; a text it does not know comes back as it is.
 */
export function messageText(intl: IntlShape, english: string, ref?: MessageRef): string {
  const format: FormatMessage = (descriptor, values) => intl.formatMessage(descriptor, values);
  return ref ? formatMessageRef(ref, format) : localizeMessage(english, format);
}
