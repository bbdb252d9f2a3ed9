// A preload that counts the statements the server sends to PostgreSQL, by the HTTP request that sent them:
// a count, not a time, so it is exact on a busy machine where CPU figures are not. It patches node-postgres's
// Client.prototype.query (every pool query and every drizzle statement goes through it) and runs each HTTP
// request in an async context naming its route, so a statement is counted under the request whose code sent
// it; statements sent outside any request (the jobs, the queue's polling) are counted under "(background)".
// Statements naming the job queue's schema are counted apart from the application's own. By route, the counts
// are exact when requests run one at a time (the campaign's applicants alone); with several at once, a
// statement that waited for a pooled connection runs in the context of the request that freed it and may be
// counted under that one (the totals stay exact).
//   node --import ./bench/count-queries.ts dist/server/main.js   with QUERY_COUNT_FILE=/tmp/counts.json
// On SIGWINCH the server writes the counts so far (since it started) to QUERY_COUNT_FILE, as JSON: a
// QueryCounts. bench/campaign.ts --count-queries does this around its campaign and its applicants alone and
// prints the difference. With QUERY_COUNT_TEXTS=1 it also writes, beside it (QUERY_COUNT_FILE + '.texts'), how
// many times each statement was sent, by its text with whitespace folded and cut to 100 characters (bench/idle.ts
// names what an idle server sends; the texts hold placeholders, never values). Plain Node runs this file (type
// stripping): erasable TypeScript only.
import { AsyncLocalStorage, AsyncResource } from 'node:async_hooks';
import { appendFileSync, renameSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';

/** What one route (or the background) sent. */
export type RouteCounts = {
  /** Requests answered on this route ('GET /api/application', the query string left out). */
  requests: number;
  /** The application's own statements, BEGIN and COMMIT included. */
  statements: number;
  begin: number;
  commit: number;
  /** Statements naming the job queue's schema (pg-boss): its sends from requests, its polling in the background. */
  jobQueue: number;
};
export type QueryCounts = Record<string, RouteCounts>;

export const BACKGROUND = '(background)';

const file = process.env.QUERY_COUNT_FILE;
/**
 * With QUERY_LOG_FILE, each statement is also appended there as a line: the time (ms), its route and its
 * text (spaces folded, cut at 160 characters), separated by tabs: to see which statements a request sends, not
 * only how many, and when. The writes cost the server CPU, so a run that logs is not one whose CPU figures count.
 */
const logFile = process.env.QUERY_LOG_FILE;
if (file) {
  const route = new AsyncLocalStorage<string>();
  const counts: QueryCounts = {};
  const texts: Record<string, number> | undefined = process.env.QUERY_COUNT_TEXTS ? {} : undefined;
  const countsOf = (name: string): RouteCounts =>
    (counts[name] ??= { requests: 0, statements: 0, begin: 0, commit: 0, jobQueue: 0 });

  // The server imports pg as a CommonJS module: the same instance as this require's.
  const pg = createRequire(import.meta.url)('pg') as {
    Client: { prototype: { query: (...args: unknown[]) => unknown } };
  };
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: unknown, ...args: unknown[]) {
    const config = args[0];
    const text =
      typeof config === 'string'
        ? config
        : typeof (config as { text?: unknown } | null)?.text === 'string'
          ? (config as { text: string }).text
          : '';
    const counted = countsOf(route.getStore() ?? BACKGROUND);
    if (texts) {
      const key = text.replace(/\s+/g, ' ').trim().slice(0, 100);
      texts[key] = (texts[key] ?? 0) + 1;
    }
    if (logFile) {
      appendFileSync(
        logFile,
        `${Date.now()}\t${route.getStore() ?? BACKGROUND}\t${text.replace(/\s+/g, ' ').slice(0, 160)}\n`,
      );
    }
    if (/\bpgboss\b/.test(text)) counted.jobQueue++;
    else {
      counted.statements++;
      const head = text.trimStart().slice(0, 8).toLowerCase();
      if (head.startsWith('begin')) counted.begin++;
      else if (head.startsWith('commit')) counted.commit++;
    }
    return query.apply(this, args);
  };

  const emit = http.Server.prototype.emit as (
    this: http.Server,
    event: string,
    ...args: unknown[]
  ) => boolean;
  http.Server.prototype.emit = function (this: http.Server, event: string, ...args: unknown[]) {
    if (event !== 'request') return emit.call(this, event, ...args);
    const request = args[0] as http.IncomingMessage;
    const name = `${request.method} ${(request.url ?? '').replace(/\?.*/, '')}`;
    countsOf(name).requests++;
    return route.run(name, () => {
      // The body arrives in later events of the request's stream, which would run in the socket's context:
      // bound here, they (and the handler that runs once the body is read) stay in this request's.
      request.emit = AsyncResource.bind(request.emit.bind(request)) as typeof request.emit;
      return emit.call(this, event, ...args);
    });
  } as typeof http.Server.prototype.emit;

  // SIGWINCH: its default is to be ignored, and close-with-grace (the server's shutdown) does not listen to it,
  // as it does to SIGUSR2.
  // Written beside it, then renamed: the reader never sees half a file.
  process.on('SIGWINCH', () => {
    if (texts) {
      writeFileSync(`${file}.texts.part`, JSON.stringify(texts));
      renameSync(`${file}.texts.part`, `${file}.texts`);
    }
    writeFileSync(`${file}.part`, JSON.stringify(counts));
    renameSync(`${file}.part`, file);
  });
}
