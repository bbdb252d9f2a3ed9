import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SITE, type Site } from '#domain/site';
import { loadConfig } from './env';
import { placeholderRefusal, placeholderSecrets, placeholderSettings } from './placeholders';

const dir = () => mkdtempSync(path.join(os.tmpdir(), 'dmp-placeholders-'));
const legalFile = () => {
  const file = path.join(dir(), 'policy.md');
  writeFileSync(file, '# Policy\n');
  return file;
};
const production = (extra: Record<string, string> = {}) =>
  loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: dir(),
    ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    AUTH_SECRET: randomBytes(32).toString('hex'),
    PUBLIC_URL: 'https://dmp.example',
    SMTP_URL: 'smtp://mail.dmp.example',
    ...extra,
  });
const agencyLegal = () => ({
  LEGAL_PRIVACY_POLICY: 'https://harborlight.org/privacy',
  LEGAL_TERMS_AND_CONDITIONS: legalFile(),
  LEGAL_CREDIT_REPORT_POLICY: 'https://harborlight.org/credit-report-policy',
});

/** The agency's own details: nothing an example. */
const AGENCY_SITE: Site = {
  ...SITE,
  phone: { display: '(800) 310-7722', tel: '+18003107722' },
  ivrPhone: { display: '(800) 310-7723', tel: '+18003107723' },
  functionalIvrPhone: { display: '(800) 310-7724', tel: '+18003107724' },
  email: 'support@harborlight.org',
  careersEmail: 'careers@harborlight.org',
  helpEmail: 'help@harborlight.org',
  mediaEmail: 'media@harborlight.org',
  socialEmail: 'social@harborlight.org',
  schedulingUrl: 'https://harborlight.org/schedule',
  marketing: { home: 'https://harborlight.org/' },
  social: {
    facebook: 'https://www.facebook.com/harborlightcc',
    x: 'https://x.com/harborlightcc',
    linkedin: 'https://www.linkedin.com/company/harborlightcc',
    instagram: 'https://www.instagram.com/harborlightcc',
  },
} as unknown as Site;

describe('placeholderSettings', () => {
  it('names every shipped example and template, one line each', () => {
    const lines = placeholderSettings(SITE, production().legal);
    const names = lines.map((line) => line.split(/[ :]/)[0]);
    expect(names).toEqual([
      'SITE.email',
      'SITE.careersEmail',
      'SITE.helpEmail',
      'SITE.mediaEmail',
      'SITE.socialEmail',
      'SITE.phone',
      'SITE.ivrPhone',
      'SITE.functionalIvrPhone',
      'SITE.schedulingUrl',
      'SITE.marketing.home',
      'SITE.social.facebook',
      'SITE.social.x',
      'SITE.social.linkedin',
      'SITE.social.instagram',
      'LEGAL_PRIVACY_POLICY',
      'LEGAL_TERMS_AND_CONDITIONS',
      'LEGAL_CREDIT_REPORT_POLICY',
    ]);
  });

  it.each([
    ['an example.com mailbox', { email: 'help@example.com' }, 'SITE.email'],
    ['a .test host', { schedulingUrl: 'https://cal.agency.test/book' }, 'SITE.schedulingUrl'],
    ['a 555-01xx number', { phone: { display: '(800) 555-0100', tel: '+18005550100' } }, 'SITE.phone'],
    [
      'a profile named example',
      { social: { ...AGENCY_SITE.social, x: 'https://x.com/example' } },
      'SITE.social.x',
    ],
  ])('finds %s among the agency’s details', (_what, change, name) => {
    const lines = placeholderSettings({ ...AGENCY_SITE, ...change } as Site, production(agencyLegal()).legal);
    expect(lines.map((line) => line.split(/[ :]/)[0])).toEqual([name]);
  });

  it('finds nothing once every detail and legal text is the agency’s', () => {
    expect(placeholderSettings(AGENCY_SITE, production(agencyLegal()).legal)).toEqual([]);
  });
});

describe('placeholderRefusal', () => {
  it('refuses production with examples, unless sandbox providers are allowed (a demo)', () => {
    expect(placeholderRefusal(production(), SITE)).toMatch(/^Customer-facing settings still hold examples/);
    expect(placeholderRefusal(production({ ALLOW_SANDBOX_PROVIDERS: 'true' }), SITE)).toBeUndefined();
    expect(placeholderRefusal(production(agencyLegal()), AGENCY_SITE)).toBeUndefined();
  });

  it('lets development run with the examples', () => {
    expect(placeholderRefusal(loadConfig({ DATA_DIR: dir() }), SITE)).toBeUndefined();
  });
});

describe('placeholderSecrets', () => {
  const metrics = (token: string) =>
    production({ METRICS: 'true', METRICS_PORT: '9464', METRICS_TOKEN: token, ...agencyLegal() });

  it.each([
    ['a change-me', 'change-me-change-me-change-me-change-me'],
    ['an example', 'example-metrics-token-for-prometheus-01'],
    ['one character repeated', 'a'.repeat(40)],
    ['two characters repeated', 'ab'.repeat(20)],
  ])('refuses a METRICS_TOKEN that is %s, even on a demo', (_what, token) => {
    expect(placeholderSecrets(metrics(token))).toEqual([expect.stringMatching(/^METRICS_TOKEN: /)]);
    expect(placeholderRefusal(metrics(token), AGENCY_SITE)).toMatch(
      /METRICS_TOKEN: looks like a placeholder/,
    );
    const demo = production({
      ALLOW_SANDBOX_PROVIDERS: 'true',
      METRICS: 'true',
      METRICS_TOKEN: token,
    });
    expect(placeholderRefusal(demo, SITE)).toMatch(/METRICS_TOKEN/);
  });

  it.each([
    ['AUTH_SECRET', 'a change-me', { AUTH_SECRET: 'change-me-change-me-change-me-change-me' }],
    ['AUTH_SECRET', 'an example', { AUTH_SECRET: 'your-secret-from-the-example-env-file-here' }],
    ['AUTH_SECRET', 'one character repeated', { AUTH_SECRET: 'x'.repeat(40) }],
    ['ENCRYPTION_KEY', 'zeros', { ENCRYPTION_KEY: '0'.repeat(64) }],
    ['ENCRYPTION_KEY', 'a repeated pattern', { ENCRYPTION_KEY: '0123'.repeat(16) }],
  ])('refuses %s when it is %s, even on a demo', (name, _what, setting) => {
    const config = production({ ...agencyLegal(), ...setting });
    expect(placeholderSecrets(config)).toEqual([expect.stringMatching(new RegExp(`^${name}: `))]);
    expect(placeholderRefusal(config, AGENCY_SITE)).toMatch(new RegExp(`${name}: looks like a placeholder`));
    const demo = production({ ALLOW_SANDBOX_PROVIDERS: 'true', ...setting });
    expect(placeholderRefusal(demo, SITE)).toMatch(new RegExp(name));
  });

  it('lets a generated METRICS_TOKEN through, and no token at all', () => {
    expect(placeholderSecrets(metrics(randomBytes(32).toString('hex')))).toEqual([]);
    expect(placeholderRefusal(metrics(randomBytes(32).toString('hex')), AGENCY_SITE)).toBeUndefined();
    expect(placeholderSecrets(production())).toEqual([]);
  });
});
