import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '#domain/errors';
import { DEFAULT_LANGUAGE } from '#domain/i18n/language';
import { englishOf, formatMessageRef, type FormatMessage, type MessageRef } from '#domain/i18n/message';
import { issueMessageRef } from '#domain/validation/issue-messages';
import { MESSAGE_REFS } from '#domain/validation/messages';
import { intlFor, languageOfRequest } from '#server/i18n';

/** Words a message given by its id and values in the reader's language. */
type Localizer = (message: MessageRef) => string;

/**
 * The messages of an answer in the language of whoever asked: a borrower reads the form's and the errors'
 * texts in their language (the switch's cookie, else their browser's), each worded by its id. The service
 * portal stays in English, so its routes' answers are worded in English. A message given as text only (the
 * staff's, a staff schema's rule, a framework's own) is English and is sent as it is: no English sentence is
 * read back to learn which message it was.
 */
function localizerFor(request: FastifyRequest): Localizer {
  const language = request.url.startsWith('/api/staff') ? DEFAULT_LANGUAGE : languageOfRequest(request);
  // The messages are written in English: nothing to do for an English reader.
  if (language === DEFAULT_LANGUAGE) return englishOf;
  const intl = intlFor(language);
  const format: FormatMessage = (descriptor, values) => intl.formatMessage(descriptor, values);
  return (message) => formatMessageRef(message, format);
}

/**
 * The message of an answer: in the reader's language, and, when it came with its id, that id and its values
 * beside it, so a page words it itself (in the language it shows) instead of reading the sentence.
 */
function messageFields(
  localize: Localizer,
  message: MessageRef | string,
): { message: string; messageId?: string; values?: MessageRef['values'] } {
  if (typeof message === 'string') return { message };
  return {
    message: localize(message),
    messageId: message.id,
    ...(message.values ? { values: message.values } : {}),
  };
}

type FieldMessage = { messageId: string; values?: MessageRef['values'] };

/**
 * The field messages of an answer, each in the reader's language: `fieldErrors` as text (older pages read it)
 * and, for the fields whose message came with its id, `fieldMessages` with that id and its values, so a page
 * words it in its own language instead of reading the text. The same for an AppError's fields and zod's.
 */
class FieldMessages {
  readonly fieldErrors: Record<string, string> = {};
  readonly fieldMessages: Record<string, FieldMessage> = {};
  constructor(private readonly localize: Localizer) {}

  /** The field's first message wins. */
  add(field: string, message: MessageRef | string): void {
    if (field in this.fieldErrors) return;
    if (typeof message === 'string') {
      // A message without an id (a staff text, or a staff schema's rule) is English, and stays so.
      this.fieldErrors[field] = message;
      return;
    }
    this.fieldErrors[field] = this.localize(message);
    this.fieldMessages[field] = {
      messageId: message.id,
      ...(message.values ? { values: message.values } : {}),
    };
  }

  body(): { fieldErrors: Record<string, string>; fieldMessages?: Record<string, FieldMessage> } {
    return {
      fieldErrors: this.fieldErrors,
      ...(Object.keys(this.fieldMessages).length > 0 ? { fieldMessages: this.fieldMessages } : {}),
    };
  }
}

/** An AppError's field messages: by their id where it gave one, else its (English, the staff's) text. */
function appErrorFields(error: AppError, localize: Localizer) {
  const fields = new FieldMessages(localize);
  for (const [field, text] of Object.entries(error.fieldErrors ?? {})) {
    fields.add(field, error.fieldMessageRefs?.[field] ?? text);
  }
  return fields.body();
}

/** The one error handler: AppError → its status and message; validation → 400 with field messages; 5xx hidden. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    const localize = localizerFor(request);
    if (error instanceof AppError) {
      if (error.status >= 500) request.log.error({ err: error }, 'request failed');
      return reply.status(error.status).send({
        code: error.code,
        ...messageFields(localize, error.messageRef ?? error.message),
        ...(error.fieldErrors ? appErrorFields(error, localize) : {}),
        ...(error.redirect ? { redirect: error.redirect } : {}),
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields = new FieldMessages(localize);
      for (const issue of error.validation) {
        const field =
          issue.instancePath.replace(/^\//, '').replace(/\//g, '.') ||
          String(issue.params?.['keys'] ?? 'body');
        fields.add(field, issueMessageRef(issue) ?? issue.message ?? 'invalid');
      }
      const { fieldErrors, fieldMessages } = fields;
      const [firstField] = Object.keys(fieldErrors);
      const first = firstField === undefined ? undefined : fieldErrors[firstField];
      const firstRef = firstField === undefined ? undefined : fieldMessages[firstField];
      return reply.status(400).send({
        code: 'ValidationError',
        ...(first === undefined
          ? messageFields(localize, MESSAGE_REFS.requestInvalid)
          : { message: first, ...firstRef }),
        ...fields.body(),
      });
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply
        .status(500)
        .send({ code: 'InternalError', ...messageFields(localize, MESSAGE_REFS.saveFailed) });
    }
    // The rate limiter's own refusal: its English names no message of ours, so the answer gives ours.
    if (status === 429) {
      return reply.status(429).send({
        code: 'LimitExceededException',
        ...messageFields(localize, MESSAGE_REFS.appErrorRateLimited),
      });
    }
    // Fastify's own refusals of a request no page sends (a body that is not JSON, one too large): its English.
    return reply.status(status).send({ code: error.code ?? 'BadRequest', message: error.message });
  });
}
