import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Config } from '../../env';
import { devMailboxTransport, logTransport, type MailTransport, smtpTransport } from './outbox';

/** The transport EMAIL_TRANSPORT names (env.ts has already refused the combinations that lose email). */
export function createMailTransport(
  config: Pick<Config, 'emailTransport' | 'smtpUrl' | 'emailFrom'>,
  log: Pick<FastifyBaseLogger, 'info'>,
): MailTransport {
  switch (config.emailTransport) {
    case 'smtp':
      if (!config.smtpUrl) throw new Error('SMTP_URL: required when EMAIL_TRANSPORT=smtp');
      return smtpTransport(nodemailer.createTransport(config.smtpUrl), config.emailFrom);
    case 'log':
      return logTransport(log);
    case 'dev-mailbox':
      return devMailboxTransport;
  }
}
