import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PHONE_LOOKUP_SANDBOX_IN_PRODUCTION } from '#providers/phone-lookup/index';
import type { Db } from './db/client';
import { loadConfig } from './env';
import { createProviders } from './providers';

const productionConfig = (extra: Record<string, string> = {}) =>
  loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'dmp-providers-')),
    ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    AUTH_SECRET: randomBytes(32).toString('hex'),
    PUBLIC_URL: 'https://dmp.example',
    SMTP_URL: 'smtp://mail.dmp.example',
    ...extra,
  });

/** A database that fails the test if anything reads or writes it: providers are picked before migrating. */
const untouchableDb = new Proxy({} as Db, {
  get(_target, property) {
    throw new Error(`the database was used (${String(property)}) while picking providers`);
  },
});

describe('createProviders', () => {
  it('refuses sandboxes in production with the first refusal, without touching the database', () => {
    expect(() => createProviders(productionConfig(), untouchableDb)).toThrow(
      new Error(PHONE_LOOKUP_SANDBOX_IN_PRODUCTION),
    );
  });

  it('builds every provider when sandboxes are allowed, still without touching the database', () => {
    const providers = createProviders(productionConfig({ ALLOW_SANDBOX_PROVIDERS: 'true' }), untouchableDb);
    expect(Object.keys(providers).sort()).toEqual([
      'addressLookup',
      'bankLink',
      'bankLinkSandbox',
      'creditBureau',
      'eSignature',
      'eSignatureSandbox',
      'phoneLookup',
      'sms',
    ]);
  });
});
