import closeWithGrace from 'close-with-grace';
import nodemailer from 'nodemailer';
import { createAddressLookup } from '#providers/address/index';
import { createCreditBureau } from '#providers/credit-bureau/index';
import { createPhoneLookup } from '#providers/phone-lookup/index';
import { createSms } from '#providers/sms/index';
import { buildApp } from './app';
import { createEnrollmentProviders } from './enrollment-providers';
import { openDatabase } from './db/client';
import { ConfigError, type Config, loadConfig } from './env';
import { devMailboxTransport, smtpTransport } from './features/email/outbox';
import { ensureDemoStaff } from './features/accounts/create-staff';
import { type Jobs, startJobs } from './jobs/queue';
import { createFieldCipher } from './security/field-encryption';

let config: Config;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await database.migrate();

const transport = config.smtpUrl
  ? smtpTransport(nodemailer.createTransport(config.smtpUrl), config.emailFrom)
  : devMailboxTransport;
let jobs: Jobs | undefined; // eslint-disable-line prefer-const -- assigned after the app, which needs it in a callback
const sms = createSms(config);
const app = await buildApp({
  config,
  database,
  phoneLookup: createPhoneLookup(config),
  creditBureau: createCreditBureau(config),
  addressLookup: createAddressLookup(config),
  sms,
  ...createEnrollmentProviders(config, database.db),
  onEmailQueued: (id) => jobs?.emailQueued(id),
  onSmsQueued: (id) => jobs?.smsQueued(id),
  onWebhookQueued: (id) => jobs?.webhookQueued(id),
});
app.log.info({ database: database.kind }, 'database migrated');
jobs = await startJobs({
  database,
  transport,
  sms,
  log: app.log,
  cipher: createFieldCipher(config.encryptionKey),
  partnerWebhook: config.partnerWebhook,
});

if (config.demoStaff) {
  const demo = await ensureDemoStaff({ db: database.db });
  console.log(
    `\nDemo staff account (development only):\n  email:    ${demo.email}\n  password: ${demo.password}\n`,
  );
}

closeWithGrace({ delay: 15_000 }, async ({ signal, err }) => {
  if (err) app.log.error({ err }, 'closing after an error');
  else app.log.info({ signal }, 'shutting down');
  await app.close();
  await jobs?.stop();
  await database.close();
});

await app.listen({ port: config.port, host: config.host });
console.log(
  `\nDMP is running at ${config.publicUrl}${config.smtpUrl ? '' : ` (emails: ${config.publicUrl}/dev/mailbox)`}\n`,
);
