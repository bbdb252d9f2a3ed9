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
    [{ ENCRYPTION_KEYS_OLD: `${'c'.repeat(64)},short` }, 'ENCRYPTION_KEYS_OLD'],
    [{ NODE_ENV: 'staging' }, 'NODE_ENV'],
    [{ TRUST_PROXY: 'true' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '-1' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '1.5' }, 'TRUST_PROXY'],
    [{ API_DOCS: 'yes' }, 'API_DOCS'],
    [{ EMAIL_TRANSPORT: 'pigeon' }, 'EMAIL_TRANSPORT'],
    [{ EMAIL_TRANSPORT: 'smtp' }, 'SMTP_URL'],
    [{ EMAIL_BODY_RETENTION_DAYS: '-1' }, 'EMAIL_BODY_RETENTION_DAYS'],
    [{ EMAIL_BODY_RETENTION_DAYS: '1.5' }, 'EMAIL_BODY_RETENTION_DAYS'],
    [{ EMAIL_BODY_RETENTION_DAYS: 'week' }, 'EMAIL_BODY_RETENTION_DAYS'],
    [{ EMAIL_GIVE_UP_HOURS: '0' }, 'EMAIL_GIVE_UP_HOURS'],
    [{ EMAIL_GIVE_UP_HOURS: '2.5' }, 'EMAIL_GIVE_UP_HOURS'],
    [{ EMAIL_GIVE_UP_HOURS: 'forever' }, 'EMAIL_GIVE_UP_HOURS'],
    [{ AGENCY_TIME_ZONE: 'America/Springfield' }, 'AGENCY_TIME_ZONE'],
    [{ AGENCY_TIME_ZONE: 'Eastern' }, 'AGENCY_TIME_ZONE'],
    [{ AGENCY_TIME_ZONE: 'EST' }, 'AGENCY_TIME_ZONE'],
    [{ AGENCY_TIME_ZONE: '-05:00' }, 'AGENCY_TIME_ZONE'],
    [{ SCHEDULING_PROVIDER: 'calendly' }, 'SCHEDULING_PROVIDER'],
    [{ SCHEDULING_PROVIDER: 'cal-com', CAL_COM_EVENT_TYPE_ID: '12' }, 'CAL_COM_API_KEY'],
    [{ SCHEDULING_PROVIDER: 'cal-com', CAL_COM_API_KEY: 'cal_live_x' }, 'CAL_COM_EVENT_TYPE_ID'],
    [{ CAL_COM_EVENT_TYPE_ID: 'intro' }, 'CAL_COM_EVENT_TYPE_ID'],
    [{ CAL_COM_EVENT_TYPE_ID_ES: '-3' }, 'CAL_COM_EVENT_TYPE_ID_ES'],
    [{ CAL_COM_WEBHOOK_SECRET: 'short' }, 'CAL_COM_WEBHOOK_SECRET'],
    [{ DOCUMENT_STORE: 'dropbox' }, 'DOCUMENT_STORE'],
    [{ DOCUMENT_STORE: 's3' }, 'S3_BUCKET'],
    [{ DOCUMENT_STORE: 's3', S3_BUCKET: 'b', S3_ENDPOINT: 'minio:9000' }, 'S3_ENDPOINT'],
    [{ DOCUMENT_STORE: 's3', S3_BUCKET: 'b', S3_FORCE_PATH_STYLE: 'yes' }, 'S3_FORCE_PATH_STYLE'],
  ])('stops with a message naming the variable for %o', (env, variable) => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...env })).toThrow(new RegExp(`${variable}:`));
  });

  /** The least a Cal.com configuration needs. */
  const calCom = {
    SCHEDULING_PROVIDER: 'cal-com',
    CAL_COM_API_KEY: 'cal_live_x',
    CAL_COM_EVENT_TYPE_ID: '12',
  };

  it("schedules calls in the product by default, in Cal.com's event type when SCHEDULING_PROVIDER=cal-com", () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).scheduling).toEqual({ kind: 'in-product' });
    expect(loadConfig({ DATA_DIR: dataDir(), ...calCom }).scheduling).toStrictEqual({
      kind: 'cal-com',
      baseUrl: 'https://api.cal.com',
      apiKey: 'cal_live_x',
      eventTypeId: 12,
      spanishEventTypeId: undefined,
      webhookSecret: undefined,
    });
  });

  it('reads the event type of the calls in Spanish, which is optional', () => {
    expect(
      loadConfig({ DATA_DIR: dataDir(), ...calCom, CAL_COM_EVENT_TYPE_ID_ES: '13' }).scheduling,
    ).toMatchObject({ kind: 'cal-com', eventTypeId: 12, spanishEventTypeId: 13 });
  });

  it("reads Cal.com's webhook secret, which is optional (the webhook is off without it)", () => {
    expect(
      loadConfig({ DATA_DIR: dataDir(), ...calCom, CAL_COM_WEBHOOK_SECRET: 'whsec-0123456789abcdef' })
        .scheduling,
    ).toMatchObject({ kind: 'cal-com', webhookSecret: 'whsec-0123456789abcdef' });
    expect(loadConfig({ DATA_DIR: dataDir(), ...calCom }).scheduling).toMatchObject({
      webhookSecret: undefined,
    });
  });

  it('keeps documents under DATA_DIR by default, in the bucket DOCUMENT_STORE=s3 names', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).documentStore).toEqual({ kind: 'local' });
    expect(
      loadConfig({
        DATA_DIR: dataDir(),
        DOCUMENT_STORE: 's3',
        S3_BUCKET: 'agency-documents',
        S3_ENDPOINT: 'https://minio.example.org',
        S3_FORCE_PATH_STYLE: 'true',
      }).documentStore,
    ).toEqual({
      kind: 's3',
      bucket: 'agency-documents',
      region: 'us-east-1',
      endpoint: 'https://minio.example.org',
      forcePathStyle: true,
    });
  });

  it("keeps the agency's calendar in New York unless AGENCY_TIME_ZONE names another zone", () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).agencyTimeZone).toBe('America/New_York');
    expect(loadConfig({ DATA_DIR: dataDir(), AGENCY_TIME_ZONE: 'America/Chicago' }).agencyTimeZone).toBe(
      'America/Chicago',
    );
    expect(() => loadConfig({ DATA_DIR: dataDir(), AGENCY_TIME_ZONE: 'America/Springfield' })).toThrow(
      "AGENCY_TIME_ZONE: must be a time zone's IANA name, such as America/New_York",
    );
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
      SMTP_URL: 'smtp://mail.dmp.example',
    };
    expect(loadConfig(production).apiDocs).toBe(false);
    expect(loadConfig({ ...production, API_DOCS: 'true' }).apiDocs).toBe(true);
  });

  it('reads the retired encryption keys, comma-separated, in hex or base64', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).encryptionKeysOld).toEqual([]);
    const base64 = Buffer.alloc(32, 7).toString('base64');
    const config = loadConfig({
      DATA_DIR: dataDir(),
      ENCRYPTION_KEYS_OLD: ` ${'c'.repeat(64)} , ${base64},`,
    });
    expect(config.encryptionKeysOld).toEqual([Buffer.from('c'.repeat(64), 'hex'), Buffer.alloc(32, 7)]);
  });

  it('requires real secrets in production', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), NODE_ENV: 'production' })).toThrow(
      /ENCRYPTION_KEY: required/,
    );
  });

  describe('the email transport', () => {
    const production = (extra: Record<string, string> = {}) => ({
      DATA_DIR: dataDir(),
      NODE_ENV: 'production',
      ENCRYPTION_KEY: 'a'.repeat(64),
      AUTH_SECRET: 'b'.repeat(32),
      PUBLIC_URL: 'https://dmp.example',
      ...extra,
    });

    it('outside production: the dev mailbox without SMTP_URL, SMTP with it, or what EMAIL_TRANSPORT says', () => {
      expect(loadConfig({ DATA_DIR: dataDir() }).emailTransport).toBe('dev-mailbox');
      expect(loadConfig({ DATA_DIR: dataDir(), SMTP_URL: '' }).emailTransport).toBe('dev-mailbox');
      expect(loadConfig({ DATA_DIR: dataDir(), SMTP_URL: 'smtp://127.0.0.1:2525' }).emailTransport).toBe(
        'smtp',
      );
      expect(
        loadConfig({ DATA_DIR: dataDir(), SMTP_URL: 'smtp://127.0.0.1:2525', EMAIL_TRANSPORT: 'dev-mailbox' })
          .emailTransport,
      ).toBe('dev-mailbox');
      expect(loadConfig({ DATA_DIR: dataDir(), EMAIL_TRANSPORT: 'log' }).emailTransport).toBe('log');
    });

    it('in production: SMTP_URL is required unless EMAIL_TRANSPORT=log; there is no dev mailbox', () => {
      expect(() => loadConfig(production())).toThrow(ConfigError);
      expect(() => loadConfig(production())).toThrow(/^SMTP_URL: required when NODE_ENV=production/);
      expect(() => loadConfig(production({ EMAIL_TRANSPORT: 'dev-mailbox' }))).toThrow(/^EMAIL_TRANSPORT:/);
      expect(() => loadConfig(production({ EMAIL_TRANSPORT: 'smtp' }))).toThrow(
        /^SMTP_URL: required when EMAIL_TRANSPORT=smtp/,
      );
      expect(loadConfig(production({ SMTP_URL: 'smtps://mail.dmp.example' })).emailTransport).toBe('smtp');
      expect(loadConfig(production({ EMAIL_TRANSPORT: 'log' })).emailTransport).toBe('log');
    });

    it('keeps delivered bodies 7 days unless EMAIL_BODY_RETENTION_DAYS says otherwise', () => {
      expect(loadConfig({ DATA_DIR: dataDir() }).emailBodyRetentionDays).toBe(7);
      expect(
        loadConfig({ DATA_DIR: dataDir(), EMAIL_BODY_RETENTION_DAYS: '30' }).emailBodyRetentionDays,
      ).toBe(30);
      expect(loadConfig({ DATA_DIR: dataDir(), EMAIL_BODY_RETENTION_DAYS: '0' }).emailBodyRetentionDays).toBe(
        0,
      );
    });

    it('retries an undelivered email 48 hours unless EMAIL_GIVE_UP_HOURS says otherwise', () => {
      expect(loadConfig({ DATA_DIR: dataDir() }).emailGiveUpHours).toBe(48);
      expect(loadConfig({ DATA_DIR: dataDir(), EMAIL_GIVE_UP_HOURS: '6' }).emailGiveUpHours).toBe(6);
    });
  });

  describe('Twilio, the legal texts and session recording', () => {
    const SID = `AC${'1'.repeat(32)}`;
    const TOKEN = 'f'.repeat(32);

    it('keeps the sandboxes, the template texts and no session recording by default', () => {
      const config = loadConfig({ DATA_DIR: dataDir() });
      expect(config).toMatchObject({
        smsProvider: 'sandbox',
        phoneLookupProvider: 'sandbox',
        twilio: undefined,
        legal: {
          'privacy-policy': undefined,
          'terms-and-conditions': undefined,
          'credit-report-policy': undefined,
        },
        sessionRecording: { provider: 'off' },
      });
    });

    it.each([
      [undefined, undefined],
      ['https://videos.example/embed/how-it-works?x=1', 'https://videos.example'],
      ['http://videos.example/promo.mp4', undefined],
      ['not an address', undefined],
    ])('VITE_PROMO_VIDEO_URL %s lets the pages load the video from %s', (url, origin) => {
      expect(loadConfig({ DATA_DIR: dataDir(), VITE_PROMO_VIDEO_URL: url }).promoVideoOrigin).toBe(origin);
    });

    it('reads a Twilio account with a sender number or a messaging service', () => {
      const base = {
        DATA_DIR: dataDir(),
        SMS_PROVIDER: 'twilio',
        TWILIO_ACCOUNT_SID: SID,
        TWILIO_AUTH_TOKEN: TOKEN,
      };
      expect(loadConfig({ ...base, TWILIO_FROM: '+12025550100' }).twilio).toEqual({
        accountSid: SID,
        authToken: TOKEN,
        from: '+12025550100',
        messagingServiceSid: undefined,
      });
      expect(
        loadConfig({ ...base, TWILIO_MESSAGING_SERVICE_SID: `MG${'2'.repeat(32)}` }).twilio
          ?.messagingServiceSid,
      ).toBe(`MG${'2'.repeat(32)}`);
    });

    it.each([
      [{ SMS_PROVIDER: 'twilio' }, 'TWILIO_ACCOUNT_SID: required when SMS_PROVIDER=twilio'],
      [
        { PHONE_LOOKUP_PROVIDER: 'twilio', TWILIO_ACCOUNT_SID: SID },
        'TWILIO_AUTH_TOKEN: required when PHONE_LOOKUP_PROVIDER=twilio',
      ],
      [
        { SMS_PROVIDER: 'twilio', TWILIO_ACCOUNT_SID: SID, TWILIO_AUTH_TOKEN: TOKEN },
        'TWILIO_FROM: set either',
      ],
      [{ TWILIO_ACCOUNT_SID: 'AC123' }, 'TWILIO_ACCOUNT_SID: must be AC followed by 32 hex digits'],
      [{ TWILIO_FROM: '202-555-0100' }, 'TWILIO_FROM: must be a US number'],
      [{ SMS_PROVIDER: 'vonage' }, 'SMS_PROVIDER'],
      [
        { LEGAL_PRIVACY_POLICY: 'ftp://agency.example/privacy' },
        'LEGAL_PRIVACY_POLICY: must be an https address',
      ],
      [
        { LEGAL_TERMS_AND_CONDITIONS: '/no/such/terms.md' },
        'LEGAL_TERMS_AND_CONDITIONS: no file at /no/such/terms.md',
      ],
      [{ SESSION_RECORDING_PROVIDER: 'logrocket' }, 'LOGROCKET_APP_ID: required'],
      [{ SESSION_RECORDING_PROVIDER: 'hotjar' }, 'SESSION_RECORDING_PROVIDER'],
    ])('refuses %j, naming the variable', (env, message) => {
      expect(() => loadConfig({ DATA_DIR: dataDir(), ...env })).toThrow(message);
    });

    it('takes an address as the agency’s page and anything else as a file', () => {
      const config = loadConfig({
        DATA_DIR: dataDir(),
        LEGAL_PRIVACY_POLICY: 'https://agency.example/privacy',
        LEGAL_CREDIT_REPORT_POLICY: 'src/server/features/legal/texts/credit-report-policy.md',
        SESSION_RECORDING_PROVIDER: 'logrocket',
        LOGROCKET_APP_ID: 'agency/dmp',
      });
      expect(config.legal['privacy-policy']).toEqual({ kind: 'url', url: 'https://agency.example/privacy' });
      expect(config.legal['credit-report-policy']).toEqual({
        kind: 'file',
        path: path.resolve('src/server/features/legal/texts/credit-report-policy.md'),
      });
      expect(config.sessionRecording).toEqual({ provider: 'logrocket', appId: 'agency/dmp' });
    });
  });

  describe('metrics', () => {
    const TOKEN = '0123456789abcdef'.repeat(4);
    const production = {
      NODE_ENV: 'production',
      ENCRYPTION_KEY: 'a'.repeat(64),
      AUTH_SECRET: 'b'.repeat(32),
      PUBLIC_URL: 'https://dmp.example',
      SMTP_URL: 'smtp://mail.dmp.example',
    };

    it('are off by default, on the main port with METRICS=true, on their own with METRICS_PORT', () => {
      expect(loadConfig({ DATA_DIR: dataDir() }).metrics).toBeUndefined();
      expect(loadConfig({ DATA_DIR: dataDir(), METRICS: 'false' }).metrics).toBeUndefined();
      expect(loadConfig({ DATA_DIR: dataDir(), METRICS: 'true' }).metrics).toEqual({
        port: undefined,
        host: '0.0.0.0',
        token: undefined,
      });
      expect(
        loadConfig({
          DATA_DIR: dataDir(),
          METRICS: 'true',
          METRICS_PORT: '9464',
          METRICS_HOST: '127.0.0.1',
          METRICS_TOKEN: TOKEN,
        }).metrics,
      ).toEqual({ port: 9464, host: '127.0.0.1', token: TOKEN });
    });

    it('need a token in production on the main port, not on a port of their own', () => {
      expect(() => loadConfig({ DATA_DIR: dataDir(), ...production, METRICS: 'true' })).toThrow(
        /^METRICS_TOKEN: required when NODE_ENV=production/,
      );
      expect(
        loadConfig({ DATA_DIR: dataDir(), ...production, METRICS: 'true', METRICS_TOKEN: TOKEN }).metrics,
      ).toMatchObject({ port: undefined, token: TOKEN });
      expect(
        loadConfig({ DATA_DIR: dataDir(), ...production, METRICS: 'true', METRICS_PORT: '9464' }).metrics,
      ).toMatchObject({ port: 9464, token: undefined });
    });

    it.each([
      [{ METRICS: 'yes' }, 'METRICS:'],
      [{ METRICS_PORT: '9464' }, 'METRICS_PORT: set METRICS=true too'],
      [{ METRICS_TOKEN: TOKEN }, 'METRICS_TOKEN: set METRICS=true too'],
      [{ METRICS: 'true', METRICS_PORT: '3000' }, 'METRICS_PORT: must differ from PORT'],
      [{ METRICS: 'true', METRICS_PORT: '0' }, 'METRICS_PORT:'],
      [{ METRICS: 'true', METRICS_PORT: 'x' }, 'METRICS_PORT:'],
      [{ METRICS: 'true', METRICS_HOST: '127.0.0.1' }, 'METRICS_HOST: only used with METRICS_PORT'],
      [{ METRICS: 'true', METRICS_TOKEN: 'short' }, 'METRICS_TOKEN: must be at least 32 characters'],
    ])('refuses %j, naming the variable', (env, message) => {
      expect(() => loadConfig({ DATA_DIR: dataDir(), ...env })).toThrow(message);
    });
  });

  describe("the vendors' addresses (decision 0137)", () => {
    const production = {
      NODE_ENV: 'production',
      ENCRYPTION_KEY: 'a'.repeat(64),
      AUTH_SECRET: 'b'.repeat(32),
      PUBLIC_URL: 'https://dmp.example',
      EMAIL_TRANSPORT: 'log',
    };
    const SID = `AC${'1'.repeat(32)}`;
    const twilio = { SMS_PROVIDER: 'twilio', TWILIO_ACCOUNT_SID: SID, TWILIO_AUTH_TOKEN: 'f'.repeat(32) };
    const plaid = { PLAID_CLIENT_ID: 'client', PLAID_SECRET: 'secret' };
    const calCom = {
      SCHEDULING_PROVIDER: 'cal-com',
      CAL_COM_API_KEY: 'cal_live_x',
      CAL_COM_EVENT_TYPE_ID: '12',
    };
    const MOCK = 'http://127.0.0.1:4010';

    it('points each vendor at a stand-in outside production (tests, staging)', () => {
      const config = loadConfig({
        DATA_DIR: dataDir(),
        ...plaid,
        ...twilio,
        ...calCom,
        TWILIO_FROM: '+12025550100',
        PLAID_BASE_URL: MOCK,
        TWILIO_API_URL: MOCK,
        CAL_COM_API_URL: MOCK,
        DOCUMENT_STORE: 's3',
        S3_BUCKET: 'documents',
        S3_ENDPOINT: MOCK,
      });
      expect(config.plaid?.basePath).toBe(MOCK);
      expect(config.twilio?.baseUrl).toBe(MOCK);
      expect(config.scheduling).toMatchObject({ kind: 'cal-com', baseUrl: MOCK });
      expect(config.documentStore).toMatchObject({ kind: 's3', endpoint: MOCK });
    });

    it("leaves each vendor at its own host when unset, and a Twilio host to each product's own", () => {
      const unset = loadConfig({ DATA_DIR: dataDir(), ...plaid, ...twilio, TWILIO_FROM: '+12025550100' });
      expect(unset.plaid?.basePath).toBeUndefined();
      expect(unset.twilio?.baseUrl).toBeUndefined();
      const twilioHost = loadConfig({
        DATA_DIR: dataDir(),
        ...twilio,
        TWILIO_FROM: '+12025550100',
        TWILIO_API_URL: 'https://api.twilio.com',
      });
      expect(twilioHost.twilio?.baseUrl).toBeUndefined();
    });

    it('accepts the vendors’ own hosts in production', () => {
      const config = loadConfig({
        DATA_DIR: dataDir(),
        ...production,
        ...plaid,
        ...calCom,
        PLAID_ENV: 'production',
        PLAID_BASE_URL: 'https://production.plaid.com',
        TWILIO_API_URL: 'https://api.twilio.com',
        CAL_COM_API_URL: 'https://api.cal.com/',
        DOCUSIGN_BASE_PATH: 'https://na3.docusign.net/restapi',
        DOCUSIGN_OAUTH_BASE_PATH: 'account.docusign.com',
        DOCUMENT_STORE: 's3',
        S3_BUCKET: 'documents',
        S3_ENDPOINT: 'https://minio.agency.example',
      });
      expect(config.plaid?.basePath).toBe('https://production.plaid.com');
      // The defaults are the vendors' own too.
      expect(() => loadConfig({ DATA_DIR: dataDir(), ...production })).not.toThrow();
    });

    it("accepts the agency's own Cal.com in production when CAL_COM_SELF_HOSTED=true says it is", () => {
      const selfHosted = { ...production, ...calCom, CAL_COM_API_URL: 'https://cal.agency.example/api' };
      expect(() => loadConfig({ DATA_DIR: dataDir(), ...selfHosted })).toThrow(/^CAL_COM_API_URL: /);
      expect(
        loadConfig({ DATA_DIR: dataDir(), ...selfHosted, CAL_COM_SELF_HOSTED: 'true' }).scheduling,
      ).toMatchObject({ baseUrl: 'https://cal.agency.example/api' });
      expect(() =>
        loadConfig({
          DATA_DIR: dataDir(),
          ...selfHosted,
          CAL_COM_SELF_HOSTED: 'true',
          CAL_COM_API_URL: 'http://cal.agency.example/api',
        }),
      ).toThrow(/^CAL_COM_API_URL: /);
    });

    it.each([
      [{ PLAID_BASE_URL: MOCK }, 'PLAID_BASE_URL'],
      [{ PLAID_BASE_URL: 'https://plaid.com.mock.example' }, 'PLAID_BASE_URL'],
      [{ PLAID_BASE_URL: 'https://notplaid.com' }, 'PLAID_BASE_URL'],
      [{ PLAID_BASE_URL: 'http://sandbox.plaid.com' }, 'PLAID_BASE_URL'],
      [{ PLAID_BASE_URL: 'https://sandbox.plaid.com@mock.example' }, 'PLAID_BASE_URL'],
      [{ TWILIO_API_URL: MOCK }, 'TWILIO_API_URL'],
      [{ TWILIO_API_URL: 'https://twilio.mock.example' }, 'TWILIO_API_URL'],
      [{ CAL_COM_API_URL: MOCK }, 'CAL_COM_API_URL'],
      [{ CAL_COM_API_URL: 'https://cal.com.mock.example' }, 'CAL_COM_API_URL'],
      [{ DOCUSIGN_BASE_PATH: `${MOCK}/restapi` }, 'DOCUSIGN_BASE_PATH'],
      [{ DOCUSIGN_BASE_PATH: 'https://docusign.mock.example/restapi' }, 'DOCUSIGN_BASE_PATH'],
      [{ DOCUSIGN_OAUTH_BASE_PATH: '127.0.0.1:4011' }, 'DOCUSIGN_OAUTH_BASE_PATH'],
      [{ DOCUMENT_STORE: 's3', S3_BUCKET: 'documents', S3_ENDPOINT: MOCK }, 'S3_ENDPOINT'],
    ])('refuses %j in production, naming the variable', (env, variable) => {
      expect(() => loadConfig({ DATA_DIR: dataDir(), ...production, ...env })).toThrow(ConfigError);
      expect(() => loadConfig({ DATA_DIR: dataDir(), ...production, ...env })).toThrow(
        new RegExp(`^${variable}: must be .* when NODE_ENV=production`),
      );
    });

    it.each([['PLAID_BASE_URL'], ['TWILIO_API_URL']])('refuses %s that is not an address', (name) => {
      expect(() => loadConfig({ DATA_DIR: dataDir(), [name]: 'sandbox' })).toThrow(new RegExp(`${name}:`));
    });
  });
});
