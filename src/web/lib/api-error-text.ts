import type { IntlShape } from 'react-intl';
import { formatMessageRef } from '#domain/i18n/message';
import { localizeMessage } from '#domain/i18n/translate-message';
import type { ApiError } from './api';

/**
 * What an API error says, in the page's language: worded by the message's id when the server gave one; else
 * the server's text, which it already wrote in the reader's language.
 */
export const apiErrorText = (intl: IntlShape, error: ApiError): string =>
  error.messageRef
    ? formatMessageRef(error.messageRef, (descriptor, values) => intl.formatMessage(descriptor, values))
    : localizeMessage(error.message, (descriptor, values) => intl.formatMessage(descriptor, values));
