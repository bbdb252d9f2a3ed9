import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEGAL_DOCUMENTS } from '#domain/legal';
import { createTestApp, type TestApp } from '#tests/setup/test-app';
import { SPANISH_TEMPLATE_DIR, TEMPLATE_DIR } from './routes';

// The legal texts in Spanish: the shipped Spanish templates, the agency's own Spanish, its approval.

let notApproved: TestApp;
let approved: TestApp;
let configured: TestApp;
const dir = mkdtempSync(path.join(os.tmpdir(), 'dmp-legal-es-'));
const agencyTerms = path.join(dir, 'terms.md');
const agencyPrivacyEs = path.join(dir, 'privacidad.md');
beforeAll(async () => {
  writeFileSync(agencyTerms, '# Terms of Harbor Light\n\nOur own terms.\n');
  writeFileSync(agencyPrivacyEs, '# Privacidad de Harbor Light\n\nNuestro propio texto.\n');
  [notApproved, approved, configured] = await Promise.all([
    createTestApp(),
    createTestApp({ LEGAL_SPANISH_APPROVED: 'true' }),
    createTestApp({
      LEGAL_TERMS_AND_CONDITIONS: agencyTerms,
      LEGAL_PRIVACY_POLICY: agencyTerms,
      LEGAL_PRIVACY_POLICY_ES: agencyPrivacyEs,
      LEGAL_CREDIT_REPORT_POLICY: 'https://agency.example/credit',
      LEGAL_CREDIT_REPORT_POLICY_ES: 'https://agency.example/es/credito',
    }),
  ]);
});
afterAll(async () => {
  await Promise.all([notApproved?.close(), approved?.close(), configured?.close()]);
});

const get = (app: TestApp, url: string) => app.client().get(url);
const headings = (markdown: string) => markdown.split('\n').filter((line) => line.startsWith('#')).length;

describe('GET /api/legal/:document?language=', () => {
  it.each(LEGAL_DOCUMENTS)('answers the Spanish template of $title, with its own version', async (doc) => {
    const es = (await get(notApproved, `/api/legal/${doc.key}?language=es`)).json();
    const en = (await get(notApproved, `/api/legal/${doc.key}?language=en`)).json();
    expect(es).toMatchObject({ kind: 'text', language: 'es', englishGoverns: true });
    expect(es.markdown).toContain('Plantilla: la agencia debe revisar este texto.');
    expect(es.markdown).toBe(readFileSync(`${SPANISH_TEMPLATE_DIR}${doc.key}.md`, 'utf8'));
    expect(es.version).toMatch(/^es-[0-9a-f]{12}$/);
    expect(en).toMatchObject({ kind: 'text', language: 'en', englishGoverns: false, title: doc.title });
    expect(en.version).toMatch(/^en-[0-9a-f]{12}$/);
    // The translation follows the English section by section.
    expect(headings(es.markdown)).toBe(headings(readFileSync(`${TEMPLATE_DIR}${doc.key}.md`, 'utf8')));
  });

  it('titles the Spanish texts in Spanish and keeps their promises: STOP, HELP, rates, not a condition', async () => {
    const terms = (await get(notApproved, '/api/legal/terms-and-conditions?language=es')).json();
    expect(terms.title).toBe('Términos y condiciones');
    expect(terms.markdown).toMatch(/^# Términos y condiciones\n/);
    for (const words of [
      'Responda STOP',
      'HELP',
      'Pueden aplicarse tarifas por mensajes y datos',
      'no es una condición',
    ])
      expect(terms.markdown).toContain(words);
  });

  it('says the English governs until the agency approves the Spanish, and not after', async () => {
    const before = (await get(notApproved, '/api/legal/privacy-policy?language=es')).json();
    const after = (await get(approved, '/api/legal/privacy-policy?language=es')).json();
    expect(before.englishGoverns).toBe(true);
    expect(after.englishGoverns).toBe(false);
    expect(after.markdown).toBe(before.markdown);
    expect(after.version).toBe(before.version);
  });

  it('answers without a language the English as before, with nothing added', async () => {
    const view = (await get(notApproved, '/api/legal/privacy-policy')).json();
    expect(Object.keys(view).sort()).toEqual(['kind', 'markdown', 'title']);
  });

  it('answers the agency’s Spanish, and its English to a Spanish reader when it has no Spanish of its own', async () => {
    const privacy = (await get(configured, '/api/legal/privacy-policy?language=es')).json();
    expect(privacy).toMatchObject({
      kind: 'text',
      language: 'es',
      markdown: '# Privacidad de Harbor Light\n\nNuestro propio texto.\n',
      englishGoverns: true,
    });
    const terms = (await get(configured, '/api/legal/terms-and-conditions?language=es')).json();
    expect(terms).toMatchObject({
      kind: 'text',
      language: 'en',
      markdown: '# Terms of Harbor Light\n\nOur own terms.\n',
    });
    expect(terms.englishGoverns).toBe(false);
    // Different words, different versions.
    const englishTerms = (await get(configured, '/api/legal/terms-and-conditions?language=en')).json();
    expect(englishTerms.version).toBe(terms.version);
    expect(englishTerms.version).not.toBe(
      (await get(notApproved, '/api/legal/terms-and-conditions?language=en')).json().version,
    );
  });

  it('redirects the product’s page to the agency’s page in the visitor’s language', async () => {
    const english = await configured.app.inject({ url: '/credit-report-policy' });
    expect(english.statusCode).toBe(302);
    expect(english.headers.location).toBe('https://agency.example/credit');
    const spanish = await configured.app.inject({
      url: '/credit-report-policy',
      headers: { cookie: 'lang=es' },
    });
    expect(spanish.headers.location).toBe('https://agency.example/es/credito');
    expect((await get(configured, '/api/legal/credit-report-policy?language=es')).json()).toMatchObject({
      kind: 'url',
      url: 'https://agency.example/es/credito',
      language: 'es',
    });
  });

  it('refuses a language it does not have', async () => {
    expect((await get(notApproved, '/api/legal/privacy-policy?language=fr')).statusCode).toBe(400);
  });
});
