import type { IntlShape } from 'react-intl';
import type { ApiError } from './api';
import { messageText, type ShownMessage } from './message-text';

/**
 * What an API error says, in the page's language: worded by the message's id when the server gave one; else
 * the server's text, which it already wrote in the reader's language.
 */
export const apiErrorText = (intl: IntlShape, error: ApiError): string =>
  messageText(intl, error.message, error.messageRef);

/** The same, to hand to something that words it later (the error modal, a banner): the ref when there is one. */
export const apiErrorMessage = (error: ApiError): ShownMessage => error.messageRef ?? error.message;
