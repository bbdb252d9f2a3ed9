import type { DestinationStream, LoggerOptions } from 'pino';

// What reaches the logs. Personal and financial values never do: a request is logged by its path, known
// fields are redacted, and an error is logged by its kind, its code and a message stripped of values. Errors
// are where values hide: a failed database query carries every parameter of the statement (and PostgreSQL
// repeats the row in its detail), a provider SDK's error carries the whole HTTP request with our secret.

/** Personal and financial fields never reach the logs. */
export const REDACT_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  '*.password',
  '*.currentPassword',
  '*.confirmPassword',
  '*.email',
  '*.phoneNumber',
  '*.dateOfBirth',
  '*.accountNumber',
  '*.confirmAccountNumber',
  '*.routingNumber',
  '*.code',
  '*.otp',
];

export const REDACTED = '[redacted]';

/**
 * Fields of an error that carry values, not facts about the failure: a query's parameters (Drizzle, PGlite),
 * PostgreSQL's detail ("Key (email)=(...)", "Failing row contains (...)") and context, an HTTP client's request
 * and response (axios: the request body holds the provider secret), and anything named like a value.
 */
const VALUE_FIELDS = new Set([
  'params',
  'parameters',
  'queryOptions',
  'detail',
  'where',
  'internalQuery',
  'config',
  'request',
  'response',
  'headers',
  'body',
  'data',
  'input',
  'value',
  'values',
  'args',
  'options',
  'auth',
  'password',
  'secret',
  'token',
  'email',
]);

/** How deep causes are followed; a cycle or a long chain stops here. */
const MAX_CAUSE_DEPTH = 5;

type ErrorLike = { message: string; name?: unknown; stack?: unknown; cause?: unknown };

export function isErrorLike(value: unknown): value is ErrorLike {
  return typeof value === 'object' && value !== null && typeof (value as ErrorLike).message === 'string';
}

const asRecord = (value: object) => value as Record<string, unknown>;

/** Drizzle's DrizzleQueryError: "Failed query: <sql>\nparams: <every value>", with query, params and cause. */
function isFailedQuery(err: ErrorLike): err is ErrorLike & { query: string } {
  const query = asRecord(err).query;
  return typeof query === 'string' && err.message.startsWith('Failed query: ');
}

/** An error PostgreSQL (or PGlite) answered: a five-character SQLSTATE code and a severity. */
function isDatabaseError(err: ErrorLike) {
  const { code, severity } = asRecord(err);
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) && typeof severity === 'string';
}

/**
 * PostgreSQL quotes identifiers and values alike; values come after a colon (`invalid input syntax for type
 * uuid: "..."`, `invalid byte sequence for encoding "UTF8": 0x00`) or after the word value (`value "..." is out
 * of range`). Those go; relation, column and constraint names stay.
 */
function withoutDatabaseValues(message: string) {
  return message
    .replace(/: ".*"/s, `: ${REDACTED}`)
    .replace(/\bvalue ".*" is\b/s, `value ${REDACTED} is`)
    .replace(/: 0x[0-9a-f]+(?: 0x[0-9a-f]+)*/gi, `: ${REDACTED}`);
}

/** An error's message without the values it may embed. */
export function safeErrorMessage(err: unknown): string {
  if (!isErrorLike(err)) return 'error';
  // The SQL is the statement's shape (Drizzle sends every value as a parameter); the parameters go.
  if (isFailedQuery(err)) return `Failed query: ${err.query}`;
  if (isDatabaseError(err)) return withoutDatabaseValues(err.message);
  return err.message;
}

function errorType(err: ErrorLike) {
  // pg names its class DatabaseError; PGlite's bundled copy has a minified name.
  if (isDatabaseError(err)) return 'DatabaseError';
  const ctor = (err as { constructor?: { name?: unknown } }).constructor;
  if (typeof ctor?.name === 'string' && ctor.name !== 'Object') return ctor.name;
  return typeof err.name === 'string' ? err.name : 'Error';
}

/** The stack's frames under a first line we write: the original first line repeats the message. */
function safeStack(type: string, message: string, stack: unknown) {
  const frames = typeof stack === 'string' ? stack.split('\n').filter((line) => /^\s+at /.test(line)) : [];
  return [`${type}: ${message}`, ...frames].join('\n');
}

export type SerializedError = { type: string; message: string; stack: string; [key: string]: unknown };

function serialize(err: ErrorLike, depth: number, seen: Set<unknown>): SerializedError {
  seen.add(err);
  const type = errorType(err);
  const message = safeErrorMessage(err);
  const out: SerializedError = { type, message, stack: safeStack(type, message, err.stack) };

  for (const [key, value] of Object.entries(err)) {
    if (key in out || key === 'cause' || key === 'errors' || key === 'query' || VALUE_FIELDS.has(key))
      continue;
    // Facts about the failure are codes, names and numbers; objects are where request and row data live.
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
      // `*.code` is redacted (it names verification codes in bodies): an error's code (SQLSTATE, ECONNREFUSED,
      // a provider's) is kept under a name of its own.
      out[key === 'code' ? 'errorCode' : key] = value;
    } else if (isErrorLike(value) && depth < MAX_CAUSE_DEPTH && !seen.has(value)) {
      out[key] = serialize(value, depth + 1, seen);
    }
  }
  // An HTTP client's error keeps only the status of the answer it got.
  const response = asRecord(err).response;
  if (out.status === undefined && typeof response === 'object' && response !== null) {
    const status = asRecord(response).status;
    if (typeof status === 'number') out.status = status;
  }
  if (Array.isArray(asRecord(err).errors) && depth < MAX_CAUSE_DEPTH) {
    out.errors = (asRecord(err).errors as unknown[])
      .filter((e) => isErrorLike(e) && !seen.has(e))
      .map((e) => serialize(e as ErrorLike, depth + 1, seen));
  }
  if (isErrorLike(err.cause) && depth < MAX_CAUSE_DEPTH && !seen.has(err.cause)) {
    out.cause = serialize(err.cause, depth + 1, seen);
  }
  return out;
}

/** The log form of an error: kind, safe message, frames, codes; causes the same way; never values. */
export function serializeError(err: unknown): SerializedError {
  // Something thrown that is not an error (a string, an object) is whatever the thrower put in it.
  if (!isErrorLike(err)) return { type: typeof err, message: 'a value that is not an error', stack: '' };
  return serialize(err, 0, new Set());
}

type LogArgs = unknown[];

/**
 * Every log call passes here. pino takes an error's message as the line's message when none is given (and
 * Fastify passes `err.message` itself in places): that message is replaced by the safe one.
 */
function logMethod(this: unknown, args: LogArgs, method: (...a: LogArgs) => void) {
  const [first, second, ...rest] = args;
  if (isErrorLike(first)) {
    const msg = typeof second === 'string' && second !== first.message ? second : safeErrorMessage(first);
    return method.apply(this, [{ err: first }, msg, ...rest]);
  }
  if (typeof first === 'object' && first !== null) {
    const err = asRecord(first).err ?? asRecord(first).error;
    if (isErrorLike(err) && (second === undefined || second === err.message)) {
      return method.apply(this, [first, safeErrorMessage(err), ...rest]);
    }
  }
  return method.apply(this, args);
}

/** A path with the token after each '/by-token/' replaced, so a link that opens a record never reaches a log. */
export const withoutPathTokens = (path: string): string =>
  path.replace(/\/by-token\/[^/]*/g, `/by-token/${REDACTED}`);

/** pino's options for the app's logger (Fastify's, shared by the jobs and better-auth). */
export function loggerOptions(level: string, stream?: DestinationStream) {
  return {
    level,
    redact: { paths: REDACT_PATHS, censor: REDACTED },
    serializers: {
      // Query strings carry emails and codes (verification links): a request is logged by its path only.
      // A link's token in a path (a counselling call's /by-token/<token>) opens that call: it is cut too.
      req: (request: { method: string; url: string }) => ({
        method: request.method,
        url: withoutPathTokens(request.url.split('?')[0]!),
      }),
      err: serializeError,
      error: serializeError,
    },
    hooks: { logMethod: logMethod as NonNullable<LoggerOptions['hooks']>['logMethod'] },
    ...(stream ? { stream } : {}),
  } satisfies LoggerOptions & { stream?: DestinationStream };
}

type LevelLogger = Record<'debug' | 'info' | 'warn' | 'error', (obj: object, msg: string) => void>;

/**
 * better-auth's logger option, writing to ours. Its messages sometimes hold a value ("Sign-up attempt for
 * existing email: <address>") and its arguments are raw errors or request data: a message is logged up to
 * its first colon, with anything like an email address removed, and of the arguments only errors, through
 * the error serializer above.
 */
export function betterAuthLogger(log: LevelLogger) {
  return {
    level: 'error' as const,
    log: (level: 'debug' | 'info' | 'warn' | 'error', message: string, ...args: unknown[]) => {
      const err = args.find(isErrorLike);
      const text = String(message)
        .split(/:\s/)[0]!
        .replace(/\S+@\S+/g, REDACTED)
        .trim();
      log[level]({ source: 'better-auth', ...(err ? { err } : {}) }, `better-auth: ${text}`);
    },
  };
}
