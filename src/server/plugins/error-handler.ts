import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '#domain/errors';

/** The one error handler: AppError → its status and message; validation → 400 with field messages; 5xx hidden. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      if (error.status >= 500) request.log.error({ err: error }, 'request failed');
      return reply.status(error.status).send({
        code: error.code,
        message: error.message,
        ...(error.fieldErrors ? { fieldErrors: error.fieldErrors } : {}),
        ...(error.redirect ? { redirect: error.redirect } : {}),
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fieldErrors: Record<string, string> = {};
      for (const issue of error.validation) {
        const field =
          issue.instancePath.replace(/^\//, '').replace(/\//g, '.') ||
          String(issue.params?.['keys'] ?? 'body');
        fieldErrors[field] ??= issue.message ?? 'invalid';
      }
      const first = Object.values(fieldErrors)[0] ?? 'The request is invalid.';
      return reply.status(400).send({ code: 'ValidationError', message: first, fieldErrors });
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.status(500).send({
        code: 'InternalError',
        message: 'There was a problem saving your information. Please try again.',
      });
    }
    if (status === 429) {
      return reply.status(429).send({ code: 'LimitExceededException', message: error.message });
    }
    return reply.status(status).send({ code: error.code ?? 'BadRequest', message: error.message });
  });
}
