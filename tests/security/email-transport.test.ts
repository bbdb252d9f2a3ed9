import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '#server/env';
import { deliverEmail, enqueueEmail } from '#server/email/outbox';
import { resetPasswordEmail } from '#server/email/templates';
import { createMailTransport } from '#server/email/transport';
import { startBanner } from '#server/start-banner';
import { createTestApp } from '../setup/test-app';

// Production has no dev mailbox. Without SMTP every email used to be marked sent and go nowhere while the
// start banner pointed at a mailbox page that does not exist. Now production needs SMTP_URL, or an explicit
// EMAIL_TRANSPORT=log (a demo that logs each email's kind only), and the banner says where emails go.

const config = (env: Record<string, string>) =>
  loadConfig({
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'dmp-transport-')),
    ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    AUTH_SECRET: randomBytes(32).toString('hex'),
    ...env,
  });
const production = (env: Record<string, string> = {}) =>
  config({ NODE_ENV: 'production', PUBLIC_URL: 'https://dmp.example', ...env });
const silent = pino({ level: 'silent' });

describe('the email transport and the start banner', () => {
  it('production without SMTP_URL does not start', () => {
    expect(() => production()).toThrow(/^SMTP_URL: required when NODE_ENV=production/);
    expect(() => production({ EMAIL_TRANSPORT: 'dev-mailbox' })).toThrow(/^EMAIL_TRANSPORT:/);
  });

  it('production with SMTP_URL sends through SMTP and advertises no mailbox', () => {
    const c = production({ SMTP_URL: 'smtp://mail.dmp.example:587' });
    expect(createMailTransport(c, silent).name).toBe('smtp');
    const banner = startBanner(c);
    expect(banner).toContain('https://dmp.example');
    expect(banner).toContain('SMTP');
    expect(banner).not.toContain('/dev/mailbox');
  });

  it('production with EMAIL_TRANSPORT=log says that no email is sent', () => {
    const c = production({ EMAIL_TRANSPORT: 'log' });
    expect(createMailTransport(c, silent).name).toBe('log');
    const banner = startBanner(c);
    expect(banner).toMatch(/NOT sent/);
    expect(banner).not.toContain('/dev/mailbox');
  });

  it('development without SMTP_URL points at the dev mailbox, and only then', () => {
    const dev = config({});
    expect(createMailTransport(dev, silent).name).toBe('dev-mailbox');
    expect(startBanner(dev)).toContain('http://localhost:3000/dev/mailbox');
    const devSmtp = config({ SMTP_URL: 'smtp://127.0.0.1:2525' });
    expect(createMailTransport(devSmtp, silent).name).toBe('smtp');
    expect(startBanner(devSmtp)).not.toContain('/dev/mailbox');
  });

  it('the log transport marks the email sent and logs its kind and recipient count, never its content', async () => {
    const t = await createTestApp({
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://dmp.example',
      ALLOW_SANDBOX_PROVIDERS: 'true',
      EMAIL_TRANSPORT: 'log',
    });
    try {
      expect(t.config.emailTransport).toBe('log');
      const lines: string[] = [];
      const log = pino({ level: 'info' }, { write: (line: string) => void lines.push(line) });
      const to = 'demo.reader@example.com';
      const message = resetPasswordEmail({ publicUrl: t.config.publicUrl, email: to, code: '918273' });
      const id = await t.db.transaction((tx) => enqueueEmail(tx, t.cipher, message));
      expect(await deliverEmail(t.db, t.cipher, createMailTransport(t.config, log), id)).toBe('sent');
      expect(lines).toHaveLength(1);
      expect(JSON.parse(lines[0]!)).toMatchObject({ kind: 'reset-password', recipients: 1 });
      for (const secret of [to, '918273', message.subject, message.links[0]!.url, 'demo.reader'])
        expect(lines[0]).not.toContain(secret);
      // Production has no mailbox page to advertise (the path is only the web app's fallback there).
      const page = await t.app.inject({ method: 'GET', url: '/dev/mailbox' });
      expect(page.body).not.toContain('Dev mailbox');
      expect(page.body).not.toContain(to);
    } finally {
      await t.close();
    }
  });
});
