import type { Config } from './env';

/**
 * The line printed once the server listens. It says where emails go, and names the dev mailbox only when
 * that is where they are: a production start must not advertise a page that does not exist.
 */
export function startBanner(config: Pick<Config, 'publicUrl' | 'emailTransport'>): string {
  const emails = {
    smtp: 'emails: sent through SMTP_URL',
    'dev-mailbox': `emails: ${config.publicUrl}/dev/mailbox`,
    log: 'emails: NOT sent, only logged by kind (EMAIL_TRANSPORT=log)',
  }[config.emailTransport];
  return `\nDMP is running at ${config.publicUrl} (${emails})\n`;
}
