import type { FastifySchema, RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { Role } from './viewer';

/*
 * The API's OpenAPI document (served at /api/docs when API_DOCS allows it) describes what a client generated
 * from it must handle, not only the happy answer: the error answers every route shares, which follow from how
 * the route is declared, and how a caller is signed in.
 *
 * Every error answer has one body, written by plugins/error-handler.ts: { code, message, messageId?, values?,
 * fieldErrors?, fieldMessages?, redirect? }. Which answers a route can give follows from its declaration:
 * - 400 when it reads a body, a query string or path parameters (the shared zod schemas refuse bad input);
 * - 401 and 403 when it needs a signed-in person (plugins/viewer.ts: no session, or the wrong kind of person:
 *   a borrower on a staff route, a staff member without the second factor);
 * - 403 for a call that may change something coming from another site (plugins/same-origin.ts);
 * - 404 when its path names a record (another person's record is "not found" too, never told apart);
 * - 409 for a call that may change something: the record changed since it was read, or the application is
 *   not at a step that allows it (Conflict, InvalidTransition, PreconditionFailed);
 * - 413 when it reads a body (over the body limit);
 * - 429 when it has a rate limit of its own.
 * A 500 is documented once for every route: its message never carries the cause.
 * Answers only some routes give (422 for a budget that would disqualify, 410 for an expired link, 502 for a
 * provider that failed) are in the route's own response schema where it declares them.
 */

/** The session cookie better-auth sets: `dmp` is our cookie prefix; production adds `__Secure-` (HTTPS only). */
export function sessionCookieName(nodeEnv: string): string {
  return `${nodeEnv === 'production' ? '__Secure-' : ''}dmp.session_token`;
}

const errorBody = {
  type: 'object',
  required: ['code', 'message'],
  properties: {
    code: {
      type: 'string',
      description: 'What happened, for a program: ValidationError, NotFound, Conflict…',
    },
    message: { type: 'string', description: "For a person, in the caller's language." },
    messageId: {
      type: 'string',
      description: 'The id of the message, when it has one: a page words it in its own language by that id.',
    },
    values: {
      type: 'object',
      description: "The values of the message's placeholders: text, numbers or messages ({ id, values }).",
    },
    fieldErrors: {
      type: 'object',
      additionalProperties: { type: 'string' },
      description: 'The first message for each field that was refused (dotted paths: spouse.dateOfBirth).',
    },
    fieldMessages: {
      type: 'object',
      additionalProperties: {
        type: 'object',
        required: ['messageId'],
        properties: { messageId: { type: 'string' }, values: { type: 'object' } },
      },
      description: 'For the fields of fieldErrors whose message has an id: that id and its values.',
    },
    redirect: {
      type: 'string',
      description: 'The page the caller must go to first (for example the code page).',
    },
  },
} as const;

const errorAnswer = (description: string) => ({ description, ...errorBody });

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

type RouteFacts = { role: Role | undefined; methods: string[]; hasRateLimit: boolean; url: string };

/** The error answers a route can give, by status, from how it is declared (see the comment above). */
export function errorAnswersFor(schema: FastifySchema, facts: RouteFacts): Record<string, unknown> {
  const answers: Record<string, unknown> = {};
  const readsBody = Boolean(schema.body);
  const changes = facts.methods.some((m) => STATE_CHANGING.has(m));
  const signedIn = facts.role !== undefined && facts.role !== 'public';
  if (readsBody || schema.querystring || schema.params || facts.url.includes(':')) {
    answers['400'] = errorAnswer('The input was refused: fieldErrors names each field with its message.');
  }
  if (signedIn) answers['401'] = errorAnswer('No session, or the session ended: sign in again.');
  if (signedIn || changes) {
    answers['403'] = errorAnswer(
      signedIn
        ? 'Not allowed for this person (a borrower on a staff route, a staff member without the second factor: redirect says where to go), or a call from another site.'
        : 'A call that changes something, sent from another site.',
    );
  }
  if (facts.url.includes(':')) {
    answers['404'] = errorAnswer('No such record, or not yours: the two are never told apart.');
  }
  if (changes && signedIn) {
    answers['409'] = errorAnswer(
      'The record changed since it was read, or the application is not at a step that allows this call (code: Conflict, InvalidTransition or PreconditionFailed).',
    );
  }
  if (readsBody) answers['413'] = errorAnswer('The body is over the size this route accepts.');
  if (facts.hasRateLimit) answers['429'] = errorAnswer('Too many calls: wait a minute and try again.');
  answers['500'] = errorAnswer('Something failed on our side; the message never carries the cause.');
  return answers;
}

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];

/**
 * @fastify/swagger's transform: the zod schemas become JSON schemas (fastify-type-provider-zod), then each
 * route gets its error answers and, when it needs a session, the session scheme. A route's own answer for a
 * status (for example its declared 422) is kept.
 */
export function openApiTransform(input: TransformInput) {
  const transformed = jsonSchemaTransform(input);
  const route = input.route as RouteOptions;
  const config = (route.config ?? {}) as { role?: Role; rateLimit?: unknown };
  const facts: RouteFacts = {
    role: config.role,
    methods: [route.method].flat().map(String),
    hasRateLimit: config.rateLimit !== undefined && config.rateLimit !== false,
    url: input.url,
  };
  const schema = (transformed.schema ?? {}) as FastifySchema & {
    response?: Record<string, unknown>;
    security?: unknown;
  };
  const response = { ...errorAnswersFor(schema, facts), ...(schema.response ?? {}) };
  const signedIn = facts.role !== undefined && facts.role !== 'public';
  return {
    ...transformed,
    schema: { ...schema, response, ...(signedIn ? { security: [{ session: [] }] } : {}) },
  };
}

/** The document's own parts: the session scheme with this environment's cookie name. */
export function openApiDocument(nodeEnv: string) {
  return {
    info: {
      title: 'Debt management plan API',
      version: '0.1.0',
      description:
        'Every error answer has the body { code, message, fieldErrors?, redirect? }. A signed-in call carries ' +
        'the session cookie the sign-in set; a call that changes something must come from this site ' +
        '(Origin or Sec-Fetch-Site), or it answers 403.',
    },
    components: {
      securitySchemes: {
        session: {
          type: 'apiKey' as const,
          in: 'cookie' as const,
          name: sessionCookieName(nodeEnv),
          description:
            'Set by POST /api/auth/sign-in. In production the cookie is __Secure-dmp.session_token (sent over HTTPS only); elsewhere dmp.session_token.',
        },
      },
    },
  };
}
