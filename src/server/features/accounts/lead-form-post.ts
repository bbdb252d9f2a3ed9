import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import { AppError } from '#domain/errors';
import { answeredLeadPage } from '#domain/validation/answered-lead-page';
import { utmFromSearchParams } from '#domain/validation/application';
import {
  LEAD_FORM_FIELDS,
  type LeadFormAnswer,
  type LeadFormField,
} from '#domain/validation/lead-form-answer';
import { checkLeadForm } from '#domain/validation/lead-form-check';
import { toHeaders } from '#server/plugins/auth';
import { isCrossSiteFormPost } from '#server/plugins/same-origin';
import { answeredLeadPageFile } from '#server/web-app';
import { intlFor } from '#server/i18n';
import { LANGUAGES, pathInLanguage, type Language } from '#domain/i18n/language';
import { formatMessageRef, type MessageRef } from '#domain/i18n/message';
import { createLead } from './create-lead';
import type { AccountDeps } from './deps';

/** The lead form's fields are short: a larger body is no lead form. */
const BODY_LIMIT = 16 * 1024;

/**
 * POST /lead: the lead form sent by the browser itself, before the page's script has taken it over or without
 * one. Validated by the lead schema like POST /api/lead; a valid lead is created the same way and the visitor,
 * signed in, goes where the application starts (a 303 to it, as the script navigates there). A form with errors
 * is answered with the page again: what was typed and each field's message, drawn as the script draws them.
 * The campaign's parameters come with the page's address, which the form posts to.
 */
export async function registerLeadFormPost(
  app: FastifyInstance,
  o: { deps: AccountDeps; webRoot: string; guessBudget: onRequestHookHandler },
): Promise<void> {
  const { deps } = o;
  await app.register(async (scope) => {
    // Only in this scope: every other route reads JSON.
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );
    const templates = new Map<Language, Promise<string>>();
    const answerPage = async (answer: LeadFormAnswer, language: Language) => {
      let template = templates.get(language);
      if (template === undefined) {
        template = readFile(path.join(o.webRoot, answeredLeadPageFile(language)), 'utf8');
        templates.set(language, template);
        template.catch(() => templates.delete(language));
      }
      return answeredLeadPage(await template, answer);
    };

    // The form posts to its own page's address: /lead in English, /es/lead in Spanish. The page's language is
    // the answer's (its messages) and the new borrower's stored language.
    for (const language of LANGUAGES) registerPost(pathInLanguage('/lead', language), language);

    function registerPost(url: string, language: Language) {
      scope.post(
        url,
        {
          config: { role: 'public' },
          onRequest: [
            async (request, reply) => {
              reply.header('cache-control', 'no-store');
              if (isCrossSiteFormPost(request, deps.config)) {
                return reply
                  .status(403)
                  .send({ code: 'Forbidden', message: 'Cross-origin request refused.' });
              }
            },
            o.guessBudget,
          ],
        },
        async (request, reply) => {
          const body = new URLSearchParams(typeof request.body === 'string' ? request.body : '');
          const checked = checkLeadForm(body);
          const intl = intlFor(language);
          // Each message in the page's language by its id; a text without one (none expected) as it came.
          const word = (message: MessageRef | string) =>
            typeof message === 'string'
              ? message
              : formatMessageRef(message, (descriptor, values) => intl.formatMessage(descriptor, values));
          const answerWith = async (
            values: LeadFormAnswer['values'],
            messages: Partial<Record<LeadFormField, MessageRef | string>>,
          ) => {
            const answer: LeadFormAnswer = {
              values,
              errors: Object.fromEntries(
                Object.entries(messages).map(([field, message]) => [
                  field,
                  message === undefined ? message : word(message),
                ]),
              ),
            };
            const page = await answerPage(answer, language).catch(() => null);
            // Without the built page (a server started before `npm run build`) the answer is the API's: the
            // same field messages, as JSON, never a 500.
            if (page === null) {
              return reply.status(400).send({
                code: 'ValidationError',
                message: Object.values(answer.errors).find(Boolean) ?? 'The form could not be read.',
                fieldErrors: answer.errors,
              });
            }
            return reply.status(400).type('text/html; charset=utf-8').send(page);
          };
          if (!checked.ok) return answerWith(checked.answer.values, checked.messages);

          const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
          try {
            const viewer = await request.viewer();
            const { next, cookies } = await createLead({
              ...deps,
              input: checked.lead,
              utm: utmFromSearchParams(new URLSearchParams(query)),
              viewer,
              headers: toHeaders(request.headers),
              language,
            });
            if (cookies.length > 0) reply.header('set-cookie', cookies);
            return reply.redirect(next, 303);
          } catch (error) {
            // The checks only the server can make (the email already has an account, the phone does not exist)
            // are shown beside their fields, as the script shows them.
            const values = checked.lead;
            if (error instanceof AppError && error.code === 'UsernameExistsException') {
              return answerWith(values, { email: error.messageRef ?? error.message });
            }
            if (error instanceof AppError && error.fieldErrors) {
              const messages = Object.fromEntries(
                Object.entries(error.fieldErrors)
                  .filter(([field]) => (LEAD_FORM_FIELDS as readonly string[]).includes(field))
                  .map(([field, text]) => [field, error.fieldMessageRefs?.[field] ?? text]),
              );
              if (Object.keys(messages).length > 0) return answerWith(values, messages);
            }
            throw error;
          }
        },
      );
    }
  });
}
