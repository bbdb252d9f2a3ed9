import closeWithGrace from 'close-with-grace';
import { SITE } from '#domain/site';
import { buildApp } from './app';
import { loadConfigOrExit, openDatabaseOrExit } from './command-start';
import { createMailTransport } from './email/transport';
import { ensureDemoStaff } from './features/accounts/create-staff';
import { type Jobs, startJobs } from './jobs/queue';
import { createProviders, type Providers } from './providers';
import { placeholderRefusal } from './placeholders';
import { createFieldCipher } from './security/field-encryption';
import { startBanner } from './start-banner';
import type { PartnerWebhookEventType } from './application/partner-events';

const config = loadConfigOrExit();

// Production never shows a borrower an example address or a template legal text (placeholders.ts).
const placeholders = placeholderRefusal(config, SITE);
if (placeholders) {
  console.error(placeholders);
  process.exit(1);
}

const database = await openDatabaseOrExit(config);
// Providers first: a refused one (a sandbox in production) stops the start before the database is migrated,
// with its one-line message (it says what to set), not a stack trace.
let providers: Providers;
try {
  providers = createProviders(config, database.db);
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  await database.close();
  process.exit(1);
}
await database.migrate();

let jobs: Jobs | undefined; // eslint-disable-line prefer-const -- assigned after the app, which needs it in a callback
// Messages written while the job queue is still starting: a job it runs at start (the letter of a server that
// stopped before sending it) can write an email before startJobs returns. Kept here and handed over once it
// has started, rather than left for the sweep ten minutes later.
const writtenBeforeTheQueue: {
  kind: 'email' | 'sms' | 'webhook';
  id: string;
  type?: PartnerWebhookEventType;
}[] = [];
const handOver = (kind: 'email' | 'sms' | 'webhook', id: string, type?: PartnerWebhookEventType) => {
  if (!jobs) return void writtenBeforeTheQueue.push({ kind, id, type });
  if (kind === 'email') jobs.emailQueued(id);
  else if (kind === 'sms') jobs.smsQueued(id);
  else jobs.webhookQueued(id, type);
};
const app = await buildApp({
  config,
  database,
  ...providers,
  onEmailQueued: (id) => handOver('email', id),
  onSmsQueued: (id) => handOver('sms', id),
  onWebhookQueued: (id, type) => handOver('webhook', id, type),
  // Requests arrive only once the server listens, after the job queue started.
  queueLetter: (tx, applicationId) => {
    if (!jobs) throw new Error('The job queue is not started: the letter cannot be queued');
    return jobs.letterQueued(tx, applicationId);
  },
  queueProposals: (tx, applicationId) => {
    if (!jobs) throw new Error('The job queue is not started: the proposals cannot be queued');
    return jobs.proposalsQueued(tx, applicationId);
  },
});
app.log.info({ database: database.kind }, 'database migrated');
jobs = await startJobs({
  database,
  transport: createMailTransport(config, app.log),
  sms: providers.sms,
  log: app.log,
  cipher: createFieldCipher(config.encryptionKey, config.encryptionKeysOld),
  partnerWebhook: config.partnerWebhook,
  renewStaleLetters: () => app.renewStaleLetters(),
  callReminders: { publicUrl: config.publicUrl, authSecret: config.authSecret },
  sendLetter: (applicationId) => app.sendLetter(applicationId),
  prepareProposals: (applicationId) => app.prepareProposals(applicationId),
  silentDefaults: { publicUrl: config.publicUrl },
  emailBodyRetentionDays: config.emailBodyRetentionDays,
  emailGiveUpHours: config.emailGiveUpHours,
  agencyTimeZone: config.agencyTimeZone,
  agencyPostingWindowDays: config.agencyPostingWindowDays,
  monitors: {
    bankLink: providers.bankLink,
    creditBureau: providers.creditBureau,
    publicUrl: config.publicUrl,
    creditPullDays: config.monitorCreditPullDays,
  },
});
for (const { kind, id, type } of writtenBeforeTheQueue.splice(0)) handOver(kind, id, type);

if (config.demoStaff) {
  const demo = await ensureDemoStaff({ db: database.db });
  console.log(
    `\nDemo staff account (development only):\n  email:    ${demo.email}\n  password: ${demo.password}\n`,
  );
}

// SIGTERM (a deploy, a container stop): the server stops accepting connections and finishes the requests in
// flight (plugins/graceful-close.ts closes their connections after the answer), then the job queue finishes
// its running jobs (up to 10 s), then the database closes with nobody left using it; the process exits 0.
// A close that takes longer than the grace delay, or a second signal, exits 1.
closeWithGrace({ delay: 15_000 }, async ({ signal, err }) => {
  if (err) app.log.error({ err }, 'closing after an error');
  else app.log.info({ signal }, 'shutting down');
  try {
    await app.close();
  } finally {
    try {
      await jobs?.stop();
    } finally {
      await database.close();
    }
  }
  app.log.info('shut down');
});

// The metrics' own port first (METRICS_PORT): one already taken stops the start before any request is served.
const metricsAddress = await app.listenMetrics();
if (metricsAddress) app.log.info({ address: metricsAddress }, 'metrics listening');
await app.listen({ port: config.port, host: config.host });
console.log(startBanner(config));
