import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '#domain/errors';
import { DEFAULT_LANGUAGE } from '#domain/i18n/language';
import { localizeMessage } from '#domain/i18n/translate-message';
import { MESSAGES } from '#domain/validation/messages';
import { intlFor, languageOfRequest } from '#server/i18n';

/**
 * The messages of an answer in the language of whoever asked: a borrower reads the form's and the errors'
 * texts in their language (the switch's cookie, else their browser's). The service portal stays in English,
 * so its routes' answers are left as they are. Texts the domain does not know pass through unchanged.
 */
function localizerFor(request: FastifyRequest): (message: string) => string {
  if (request.url.startsWith('/api/staff')) return (message) => message;
  const language = languageOfRequest(request);
  // The messages are written in English: nothing to do for an English reader.
  if (language === DEFAULT_LANGUAGE) return (message) => message;
  const intl = intlFor(language);
  return (message) =>
    localizeMessage(message, (descriptor, values) => intl.formatMessage(descriptor, values));
}

const localizeFields = (
  fieldErrors: Record<string, string>,
  localize: (message: string) => string,
): Record<string, string> =>
  Object.fromEntries(Object.entries(fieldErrors).map(([field, message]) => [field, localize(message)]));

/** The one error handler: AppError → its status and message; validation → 400 with field messages; 5xx hidden. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    const localize = localizerFor(request);
    if (error instanceof AppError) {
      if (error.status >= 500) request.log.error({ err: error }, 'request failed');
      return reply.status(error.status).send({
        code: error.code,
        message: localize(error.message),
        ...(error.fieldErrors ? { fieldErrors: localizeFields(error.fieldErrors, localize) } : {}),
        ...(error.redirect ? { redirect: error.redirect } : {}),
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fieldErrors: Record<string, string> = {};
      for (const issue of error.validation) {
        const field =
          issue.instancePath.replace(/^\//, '').replace(/\//g, '.') ||
          String(issue.params?.['keys'] ?? 'body');
        fieldErrors[field] ??= localize(issue.message ?? 'invalid');
      }
      const first = Object.values(fieldErrors)[0] ?? localize('The request is invalid.');
      return reply.status(400).send({ code: 'ValidationError', message: first, fieldErrors });
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.status(500).send({ code: 'InternalError', message: localize(MESSAGES.saveFailed) });
    }
    if (status === 429) {
      return reply.status(429).send({ code: 'LimitExceededException', message: localize(error.message) });
    }
    return reply.status(status).send({ code: error.code ?? 'BadRequest', message: localize(error.message) });
  });
}
