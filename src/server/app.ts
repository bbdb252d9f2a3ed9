import { randomUUID } from 'node:crypto';
import { createDatabaseDocumentStore } from '#server/application/database-documents';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import helmet from 'helmet';
import { Redis } from 'ioredis';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountRoutes } from './features/accounts/routes';
import { applyRoutes } from './features/apply/routes';
import { createAccountMailer } from './features/accounts/account-mailer';
import { authOutsideUnits } from './features/accounts/auth-calls';
import { healthRoutes } from './features/health/routes';
import { mailboxRoutes } from './features/mailbox/routes';
import { servicePortalReads } from './features/service-portal/reads';
import { servicePortalRoutes } from './features/service-portal/routes';
import { staffActionRoutes } from './features/staff-actions/routes';
import { creditorRelationsRoutes } from './features/creditor-relations/routes';
import { prepareProposals } from './features/proposals/prepare-proposals';
import { proposalRoutes } from './features/proposals/routes';
import { createDocumentStore } from '#providers/document-store/index';
import { sealedDocuments } from './application/sealed-documents';
import { customerPortalRoutes } from './features/customer-portal/routes';
import { counsellingRoutes } from './features/counselling/routes';
import { schedulingWebhookRoutes } from './features/counselling/cal-com-webhook';
import { agencyEventsWebhookRoutes } from './features/staff-actions/agency-events-webhook';
import { counsellingBorrowerRoutes } from './features/counselling/borrower-routes';
import { outsideUnits, readUnitOpener, unitOpener } from './unit-of-work';
import { bankLinkWebhookRoutes } from './features/payments/bank-link-webhook';
import { plaidLinkCsp } from './features/payments/plaid-link-csp';
import { paymentRoutes } from './features/payments/routes';
import { signingRoutes } from './features/signing/routes';
import { startSigning } from './features/signing/start-signing';
import { renewStaleLetters } from './features/signing/renew-stale-letters';
import { applySilentDefaults } from './features/staff-actions/silent-creditors';
import { eSignatureWebhookRoutes } from './features/signing/webhook-routes';
import { legalRoutes } from './features/legal/routes';
import { sessionRecordingCsp } from './features/session-recording/csp';
import { sessionRecordingRoutes } from './features/session-recording/routes';
import { twilioSmsWebhookRoutes } from './features/text-messages/inbound-webhook';
import { loggerOptions } from './logging';
import { CLIENT_IP_HEADER, createAuth } from './plugins/auth';
import { registerErrorHandler } from './plugins/error-handler';
import { registerGracefulClose } from './plugins/graceful-close';
import { registerIdempotency } from './plugins/idempotency';
import { openApiDocument, openApiTransform } from './plugins/openapi';
import { registerMetrics } from './plugins/metrics';
import { databaseRateLimitStore } from './plugins/rate-limit-store';
import { isCrossSiteStateChange } from './plugins/same-origin';
import { registerViewer } from './plugins/viewer';
import { ReadCache, startReadCaches } from './plugins/read-cache';
import type { CachedSession } from './plugins/session-read';
import type { ApplicationView } from '#domain/flow/application-view';
import type { BorrowerRecordView } from '#domain/flow/staff-views';
import { agencyCalendar } from '#domain/calendar';
import { responseSerializerCompiler } from './plugins/response-serializer';
import { BUILT_WEB_ROOT, registerWebApp } from './web-app';
import { createFieldCipher } from './security/field-encryption';
import type { AppDeps, Services } from './services';

export type { AppDeps, Services } from './services';

export { REDACT_PATHS } from './logging';

/**
 * Copies kept per instance (about 2 KB each) and how long at most: the change feed drops a copy when its rows
 * change, the deadline is only a backstop.
 */
const READ_CACHE_SIZE = { maxEntries: 20_000, ttlMs: 60_000 };
// A borrower summary is tens of kilobytes in memory: a few thousand cover a day's open cases.
const SUMMARY_CACHE_SIZE = { maxEntries: 2_000, ttlMs: 60_000 };

export async function buildApp(
  deps: AppDeps,
  /** `webRoot`: the built web app to serve, dist/web unless a test builds its own. */
  options: { webRoot?: string } = {},
) {
  const { config, database } = deps;
  const app = Fastify({
    // No personal value in a log line: redacted fields, paths without query strings, errors without values.
    logger: deps.logger ?? loggerOptions(config.logLevel),
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    // TRUST_PROXY is how many proxy hops to believe in X-Forwarded-For; with none the socket's address is the
    // client's, so a client cannot choose the address the rate limits count by. A function, because Fastify
    // now ignores a plain number (it cannot check who the nearest peer is: the operator vouches for that).
    trustProxy: config.trustProxy > 0 ? (_address: string, hop: number) => hop < config.trustProxy : false,
  }).withTypeProvider<ZodTypeProvider>();
  // The client's address, read once under TRUST_PROXY, for better-auth's session records (plugins/auth.ts).
  app.addHook('onRequest', async (request) => {
    request.headers[CLIENT_IP_HEADER] = request.ip;
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);

  const cipher = createFieldCipher(config.encryptionKey, config.encryptionKeysOld);
  const calendar = agencyCalendar(config.agencyTimeZone);
  const today = deps.today ?? calendar.today;
  // The door to units of work (unit-of-work.ts), before better-auth: the account mailer writes its emails in one.
  const openUnit = unitOpener({ ...deps, cipher, today });
  const openReadUnit = readUnitOpener({ database: deps.database, cipher, today });
  const mailer = createAccountMailer({ openUnit, publicUrl: config.publicUrl });
  const auth = createAuth({ config, db: database.db, sendOtp: mailer.sendOtp, log: app.log });
  const readCaches = await startReadCaches({
    database,
    enabled: config.readCache,
    onLost: () =>
      app.log.warn('read caches: the change feed was lost; reading from the database until it is back'),
  });
  app.addHook('onClose', () => readCaches.close());
  const caches = {
    session: readCaches.register(new ReadCache<CachedSession>(READ_CACHE_SIZE)),
    application: readCaches.register(new ReadCache<ApplicationView>(READ_CACHE_SIZE)),
    summary: readCaches.register(new ReadCache<BorrowerRecordView>(SUMMARY_CACHE_SIZE)),
  };
  // A call that may change something answers only once this instance has heard of every change committed
  // before it: a counsellor's action is followed at once by the summary it changed, and that must not come
  // from a copy made before. (A borrower's own application copy is also dropped by key: plugins/viewer.ts.)
  app.addHook('onSend', async (request, _reply, payload) => {
    if (request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS') return payload;
    if (caches.summary.size > 0) await readCaches.catchUp();
    return payload;
  });
  const services: Services = {
    ...deps,
    today,
    dayOf: calendar.dayOf,
    auth,
    cipher,
    documents: sealedDocuments(
      deps.documentStore ??
        createDocumentStore(config, {
          warn: (message) => app.log.warn(message),
          database: createDatabaseDocumentStore(deps.database.db),
        }),
      cipher,
    ),
    applicationCache: caches.application,
    summaryCache: caches.summary,
  };

  registerErrorHandler(app);
  registerGracefulClose(app);
  // Before every route, so that each request is counted (METRICS=true; /metrics answers 404 otherwise).
  registerMetrics(app, { config: config.metrics, database });
  // Security headers from helmet, built once: @fastify/helmet rebuilds helmet's middleware (and re-parses the
  // content security policy) at every request, a few percent of a small request's time.
  // A session-recording service, when one is configured, is the only other origin the pages may load from.
  const recording = sessionRecordingCsp(config.sessionRecording);
  // Plaid Link, when Plaid is the bank-link provider: its script, its frame and what the script calls.
  const plaidLink = plaidLinkCsp(config.plaid);
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'", ...plaidLink.defaultSrc],
        scriptSrc: ["'self'", ...recording.scriptSrc, ...plaidLink.scriptSrc],
        styleSrc: ["'self'", "'unsafe-inline'", ...plaidLink.styleSrc],
        imgSrc: ["'self'", 'data:', ...plaidLink.imgSrc],
        connectSrc: ["'self'", ...recording.connectSrc, ...plaidLink.connectSrc],
        workerSrc: ["'self'", ...recording.workerSrc],
        // The promo video, when configured, plays in the landing page's video modal from its own origin.
        frameSrc: [
          "'self'",
          ...(config.promoVideoOrigin ? [config.promoVideoOrigin] : []),
          ...plaidLink.frameSrc,
        ],
        mediaSrc: ["'self'", ...(config.promoVideoOrigin ? [config.promoVideoOrigin] : [])],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: config.nodeEnv === 'production' ? [] : null,
      },
    },
    hsts: config.nodeEnv === 'production' ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });
  app.addHook('onRequest', (request, reply, done) =>
    securityHeaders(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined)),
  );
  // The rate limits count in a store every server instance shares: Redis when REDIS_URL is set, otherwise
  // the database (see plugins/rate-limit-store.ts).
  if (config.redisUrl) {
    const redis = new Redis(config.redisUrl, { connectTimeout: 2_000, maxRetriesPerRequest: 2 });
    // A lost connection is retried by the client; the error is logged without the URL (it may hold a password).
    redis.on('error', (error: NodeJS.ErrnoException) =>
      app.log.warn({ code: error.code }, 'rate-limit store: Redis connection error'),
    );
    app.addHook('onClose', async () => {
      await redis.quit().catch(() => redis.disconnect());
    });
    await app.register(rateLimit, { global: false, redis, nameSpace: 'dmp-rate-limit-' });
  } else {
    await app.register(rateLimit, { global: false, store: databaseRateLimitStore(database.executeSql) });
  }
  // Borrowers never need the API's map and an attacker would: production serves it only with API_DOCS=true.
  if (config.apiDocs) {
    await app.register(swagger, {
      openapi: openApiDocument(config.nodeEnv),
      transform: openApiTransform,
    });
    await app.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { deepLinking: false } });
  }

  // First of the request hooks: a refused cross-site call reaches no session lookup and no route.
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/api/')) return;
    reply.header('cache-control', 'no-store');
    reply.header('x-request-id', request.id);
    if (isCrossSiteStateChange(request, config)) {
      return reply.status(403).send({ code: 'Forbidden', message: 'Cross-origin request refused.' });
    }
  });

  registerViewer(app, { auth, db: database.db, authSecret: config.authSecret, caches });
  registerIdempotency(app, { db: database.db });

  // Features converted to units of work (unit-of-work.ts): the door to units and the configuration, not the
  // services; the vendors they ask are wrapped so that a call inside a unit throws.
  const onUnits = { openUnit, openReadUnit, config };

  await app.register(healthRoutes, { ping: () => database.ping(), databaseKind: database.kind });
  // better-auth runs its own queries on its own connections: a vendor to the account routes, never in a unit.
  await app.register(accountRoutes, {
    ...onUnits,
    auth: authOutsideUnits(auth),
    phoneLookup: outsideUnits(services.phoneLookup, 'phoneLookup'),
    webRoot: options.webRoot ?? BUILT_WEB_ROOT,
  });
  await app.register(applyRoutes, {
    ...onUnits,
    dayOf: services.dayOf,
    applicationCache: services.applicationCache,
    creditBureau: outsideUnits(services.creditBureau, 'creditBureau'),
    phoneLookup: outsideUnits(services.phoneLookup, 'phoneLookup'),
    addressLookup: outsideUnits(services.addressLookup, 'addressLookup'),
  });
  await app.register(servicePortalRoutes, {
    openUnit: onUnits.openUnit,
    reads: servicePortalReads({
      database,
      cipher,
      summaryCache: services.summaryCache,
      today: services.today,
    }),
  });
  await app.register(staffActionRoutes, { ...onUnits, dayOf: services.dayOf });
  await app.register(creditorRelationsRoutes, onUnits);
  // The document store is a vendor: never called inside a unit of work.
  const documents = outsideUnits(services.documents, 'documents');
  await app.register(proposalRoutes, { ...onUnits, dayOf: services.dayOf, documents });
  // For the proposals' job (jobs/queue.ts): each offer's proposal, made once; its unit announces the emails.
  app.decorate('prepareProposals', async (applicationId: string) => {
    await prepareProposals({ openUnit: onUnits.openUnit, documents, applicationId });
  });
  // The programme's default where a creditor stayed silent, on the app's units (the daily job runs the same
  // use case on its own: jobs/definitions/silent-creditors.ts). Each default is a unit, announced once committed.
  app.decorate('applySilentDefaults', async () => {
    const ports = { config, dayOf: services.dayOf };
    const run = await applySilentDefaults(onUnits.openUnit, ports, { now: new Date() });
    return { applied: run.applied, more: run.more };
  });
  // The e-signature provider is a vendor: never called inside a unit of work.
  const signing = {
    ...onUnits,
    eSignature: outsideUnits(services.eSignature, 'eSignature'),
    eSignatureSandbox: services.eSignatureSandbox
      ? outsideUnits(services.eSignatureSandbox, 'eSignatureSandbox')
      : null,
  };
  // The bank link, wrapped so that a call inside a unit throws.
  const bankLinkOutside = {
    ...onUnits,
    bankLink: outsideUnits(services.bankLink, 'bankLink'),
    bankLinkSandbox: services.bankLinkSandbox && outsideUnits(services.bankLinkSandbox, 'bankLinkSandbox'),
  };
  // Saving the payment account sends the Letter of Authorization to sign (the e-signature vendor: after the
  // save's unit).
  await app.register(paymentRoutes, {
    ...bankLinkOutside,
    letter: outsideUnits(
      {
        send: (applicationId: string, log: FastifyBaseLogger) =>
          startSigning(signing, { applicationId, log }),
      },
      'letter',
    ),
  });
  await app.register(signingRoutes, signing);
  // For the daily job (jobs/queue.ts), which has no services of its own.
  app.decorate('renewStaleLetters', (today?: string) => renewStaleLetters(signing, { log: app.log, today }));
  // For the letter's job (jobs/queue.ts): the envelope, made once per application.
  app.decorate('sendLetter', (applicationId: string) =>
    startSigning(signing, { applicationId, log: app.log }),
  );
  await app.register(eSignatureWebhookRoutes, signing);
  await app.register(bankLinkWebhookRoutes, bankLinkOutside);
  await app.register(customerPortalRoutes, { ...onUnits, dayOf: services.dayOf });
  await app.register(twilioSmsWebhookRoutes, onUnits);
  await app.register(agencyEventsWebhookRoutes, onUnits);
  await app.register(legalRoutes, { config });
  await app.register(counsellingRoutes, onUnits);
  await app.register(schedulingWebhookRoutes, onUnits);
  await app.register(counsellingBorrowerRoutes, onUnits);
  await app.register(sessionRecordingRoutes, onUnits);
  if (config.nodeEnv !== 'production') await app.register(mailboxRoutes, onUnits);

  // '/' is the logo link target: it goes to /lead and keeps the query string (utm parameters).
  app.get('/', (request, reply) => {
    const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
    return reply.redirect(`/lead${query}`);
  });

  await registerWebApp(app, options.webRoot ?? BUILT_WEB_ROOT, {
    sourceMaps: config.nodeEnv !== 'production',
  });

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Makes again every unsigned letter whose first draft came too close to sign (renew-stale-letters.ts). */
    renewStaleLetters: (today?: string) => Promise<number>;
    /** Sends an application's Letter of Authorization for signature, unless it already went (start-signing.ts). */
    sendLetter: (applicationId: string) => Promise<void>;
    /** Prepares an application's proposals to its creditors, those not made yet (prepare-proposals.ts). */
    prepareProposals: (applicationId: string) => Promise<void>;
    /** Applies the silent-creditor default to proposals left unanswered past their days (silent-creditors.ts). */
    applySilentDefaults: () => Promise<{ applied: number; more: boolean }>;
  }
}
