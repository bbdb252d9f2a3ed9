import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Config } from '#server/env';
import {
  devMailboxTransport,
  EMAIL_SEND_CONCURRENCY,
  logTransport,
  type MailTransport,
  smtpTransport,
} from './outbox';

/** The transport EMAIL_TRANSPORT names (env.ts has already refused the combinations that lose email). */
export function createMailTransport(
  config: Pick<Config, 'emailTransport' | 'smtpUrl' | 'emailFrom'>,
  log: Pick<FastifyBaseLogger, 'info'>,
): MailTransport {
  switch (config.emailTransport) {
    case 'smtp':
      if (!config.smtpUrl) throw new Error('SMTP_URL: required when EMAIL_TRANSPORT=smtp');
      // Pooled: the queue sends several emails at once, and reusing a few open connections is much faster
      // than a new connection and TLS handshake per email. Shorter timeouts than nodemailer's (up to 10
      // minutes) so a relay that hangs fails the attempt, to be retried, well before the queue's batch
      // expires. Options written in SMTP_URL itself (?pool=false) still win.
      return smtpTransport(
        nodemailer.createTransport({
          url: config.smtpUrl,
          pool: true,
          maxConnections: EMAIL_SEND_CONCURRENCY,
          connectionTimeout: 30_000,
          greetingTimeout: 30_000,
          socketTimeout: 60_000,
        }),
        config.emailFrom,
      );
    case 'log':
      return logTransport(log);
    case 'dev-mailbox':
      return devMailboxTransport;
  }
}
