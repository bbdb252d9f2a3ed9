import type { Site } from '#domain/site';
import type { Config, LegalDocumentKey } from './env';

// The product ships with example contact details (example.org addresses, fictional 555-01xx numbers) and
// template legal texts, so it runs and demonstrates out of the box. A borrower must never meet them: in
// production the start is refused while any customer-facing link, address or legal text is still one of them,
// unless ALLOW_SANDBOX_PROVIDERS=true says this is a demo.

/** Domains reserved for examples (RFC 2606 and RFC 6761): no agency's address is ever one of them. */
const RESERVED_HOST = /(^|\.)(example(\.(com|net|org))?|test|invalid|localhost)$/i;
/** The fictional numbers 555-0100 to 555-0199, reserved for films and examples. */
const FICTIONAL_PHONE = /555[^\d]?01\d\d$/;

const LEGAL_SETTINGS: Record<LegalDocumentKey, string> = {
  'privacy-policy': 'LEGAL_PRIVACY_POLICY',
  'terms-and-conditions': 'LEGAL_TERMS_AND_CONDITIONS',
  'credit-report-policy': 'LEGAL_CREDIT_REPORT_POLICY',
};

function isPlaceholderUrl(value: string): boolean {
  try {
    const url = new URL(value);
    // A social profile named 'example' is as much a placeholder as an example.org page.
    return RESERVED_HOST.test(url.hostname) || /^\/(company\/)?example\/?$/i.test(url.pathname);
  } catch {
    return true;
  }
}

const isPlaceholderEmail = (value: string): boolean => RESERVED_HOST.test(value.split('@')[1] ?? '');

/**
 * One line per customer-facing setting still holding an example or a template: the setting's name, what it
 * holds and what to do. Empty when every one is the agency's own.
 */
export function placeholderSettings(site: Site, legal: Config['legal']): string[] {
  const lines: string[] = [];
  const inSite = (name: string, value: string) =>
    lines.push(`SITE.${name} (src/domain/site.ts): ${value} is an example; set the agency's own`);
  const emails = ['email', 'careersEmail', 'helpEmail', 'mediaEmail', 'socialEmail'] as const;
  for (const name of emails) if (isPlaceholderEmail(site[name])) inSite(name, site[name]);
  const phones = ['phone', 'ivrPhone', 'functionalIvrPhone'] as const;
  for (const name of phones) if (FICTIONAL_PHONE.test(site[name].tel)) inSite(name, site[name].display);
  if (isPlaceholderUrl(site.schedulingUrl)) inSite('schedulingUrl', site.schedulingUrl);
  if (isPlaceholderUrl(site.marketing.home)) inSite('marketing.home', site.marketing.home);
  for (const [name, url] of Object.entries(site.social)) {
    if (isPlaceholderUrl(url)) inSite(`social.${name}`, url);
  }
  for (const [key, setting] of Object.entries(LEGAL_SETTINGS) as [LegalDocumentKey, string][]) {
    if (!legal[key]) {
      lines.push(
        `${setting}: unset, so the ${key.replaceAll('-', ' ')} is still the template text; set the agency's page or file`,
      );
    }
  }
  return lines;
}

/** Words of a secret someone wrote by hand or copied from an example, never of a generated one. */
const PLACEHOLDER_SECRET_WORDS =
  /change.?me|change.?it|replace.?me|example|placeholder|dummy|your.?(token|secret)|x{6}|123456/i;

const looksHandWritten = (secret: string): boolean =>
  PLACEHOLDER_SECRET_WORDS.test(secret) || new Set(secret).size < 8;

/**
 * One line per secret that is plainly not a generated one: a placeholder word, or too few different
 * characters (32 random hex digits hold about 15; 32 random bytes, about 30 different values). The session
 * signing secret and the encryption key are copied from a README or an example file as easily as the metrics
 * token an operator shows Prometheus.
 */
export function placeholderSecrets(
  config: Pick<Config, 'metrics' | 'authSecret' | 'encryptionKey'>,
): string[] {
  const lines: string[] = [];
  if (looksHandWritten(config.authSecret))
    lines.push('AUTH_SECRET: looks like a placeholder; set a generated one (openssl rand -hex 32)');
  // The key is read as bytes (from hex or base64): a run of zeros or a repeated pattern is no key.
  if (new Set(config.encryptionKey).size < 8)
    lines.push('ENCRYPTION_KEY: looks like a placeholder; set a generated one (openssl rand -hex 32)');
  const token = config.metrics?.token;
  if (token !== undefined && looksHandWritten(token))
    lines.push('METRICS_TOKEN: looks like a placeholder; set a generated one (openssl rand -hex 32)');
  return lines;
}

/** The refusal to start in production with placeholders, or undefined when the start may go on. */
export function placeholderRefusal(config: Config, site: Site): string | undefined {
  if (config.nodeEnv !== 'production') return undefined;
  // A secret everyone can read in the README guards nothing, on a demo as much as anywhere: no exception.
  const secrets = placeholderSecrets(config);
  if (secrets.length > 0)
    return ['A secret still holds a placeholder:', ...secrets.map((line) => `  ${line}`)].join('\n');
  if (config.allowSandboxProviders) return undefined;
  const lines = placeholderSettings(site, config.legal);
  if (lines.length === 0) return undefined;
  return [
    'Customer-facing settings still hold examples or templates; a borrower would see them. Set each, or ALLOW_SANDBOX_PROVIDERS=true for a demo:',
    ...lines.map((line) => `  ${line}`),
  ].join('\n');
}
