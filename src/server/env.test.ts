import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env';

const dataDir = () => mkdtempSync(path.join(os.tmpdir(), 'dmp-env-'));

describe('loadConfig', () => {
  it('applies the defaults and generates development keys into DATA_DIR', () => {
    const dir = dataDir();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config).toMatchObject({
      port: 3000,
      nodeEnv: 'development',
      databaseUrl: undefined,
      publicUrl: 'http://localhost:3000',
    });
    expect(config.encryptionKey).toHaveLength(32);
    // The same generated key is read back on the next start (data encrypted yesterday stays readable).
    expect(loadConfig({ DATA_DIR: dir }).encryptionKey.equals(config.encryptionKey)).toBe(true);
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ SMTP_URL: 'not a url' }, 'SMTP_URL'],
    [{ ENCRYPTION_KEY: 'short' }, 'ENCRYPTION_KEY'],
    [{ NODE_ENV: 'staging' }, 'NODE_ENV'],
    [{ TRUST_PROXY: 'true' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '-1' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '1.5' }, 'TRUST_PROXY'],
    [{ API_DOCS: 'yes' }, 'API_DOCS'],
  ])('stops with a message naming the variable for %o', (env, variable) => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...env })).toThrow(new RegExp(`${variable}:`));
  });

  it('trusts no proxy and serves the API docs by default, the docs not in production', () => {
    expect(loadConfig({ DATA_DIR: dataDir() })).toMatchObject({ trustProxy: 0, apiDocs: true });
    expect(loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: '2', API_DOCS: 'false' })).toMatchObject({
      trustProxy: 2,
      apiDocs: false,
    });
    const production = {
      DATA_DIR: dataDir(),
      NODE_ENV: 'production',
      ENCRYPTION_KEY: 'a'.repeat(64),
      AUTH_SECRET: 'b'.repeat(32),
      PUBLIC_URL: 'https://dmp.example',
    };
    expect(loadConfig(production).apiDocs).toBe(false);
    expect(loadConfig({ ...production, API_DOCS: 'true' }).apiDocs).toBe(true);
  });

  it('requires real secrets in production', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), NODE_ENV: 'production' })).toThrow(
      /ENCRYPTION_KEY: required/,
    );
  });
});
