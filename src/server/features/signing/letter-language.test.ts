import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LETTER_TEXT_VERSIONS } from '#domain/enrollment/letter-of-authorization';
import { borrower } from '#server/db/schema/application';
import { docusign } from '#server/db/schema/enrollment';
import { put } from '#tests/support/borrower-flow';
import { atPaymentOptions, sandboxPublicToken, signingToken } from '#tests/support/enrollment';
import { pdfLayoutText } from '#tests/support/pdf-text';
import { createTestApp, type TestApp } from '#tests/setup/test-app';

// The letter is written in its signer's language, and its record keeps the language and the text version signed.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

/** A borrower (storing `language` as their choice) whose letter is out for signature. */
async function awaitingSignature(lastName: string, language: 'en' | 'es') {
  const b = await atPaymentOptions(t, lastName);
  await t.db
    .update(borrower)
    .set({ preferredLanguage: language })
    .where(eq(borrower.applicationId, b.applicationId));
  await b.client.post('/api/application/bank-connections', {
    publicToken: await sandboxPublicToken(b.client),
  });
  const [account] = (await b.client.get('/api/application/payments/accounts')).json().accounts;
  await put(b.client, '/api/application/payments/confirm-payment-account', { plaidAccountId: account.id });
  expect(account.mask).toMatch(/^\d{4}$/);
  return {
    ...b,
    token: await signingToken(t, b.email),
    name: `Pat ${lastName}`,
    account: account as { mask: string; institutionName: string },
  };
}

const signingLinkUrl = async (to: string) =>
  (await t.emailsTo(to)).reverse().find((r) => r.kind === 'sign-letter')!.links[0]!.url;
const post = (url: string, body: unknown) => t.client().post(url, body);
const record = async (applicationId: string) =>
  (await t.db.query.docusign.findFirst({ where: eq(docusign.applicationId, applicationId) }))!;
let lastDocumentLanguage: unknown;
async function documentText(token: string): Promise<string> {
  const res = await post('/api/signing/document', { token });
  expect(res.statusCode).toBe(200);
  lastDocumentLanguage = res.headers['content-language'];
  return pdfLayoutText(new Uint8Array(res.rawPayload)).join('\n').replace(/\s+/g, ' ');
}

describe('the letter in the signer’s language', () => {
  it('writes a Spanish-speaking borrower’s letter in Spanish and records its language and version once signed', async () => {
    const b = await awaitingSignature('Idioma', 'es');
    expect(await record(b.applicationId)).toMatchObject({
      letterLanguage: 'es',
      letterTextVersion: LETTER_TEXT_VERSIONS.es,
    });
    // The agency has not approved its Spanish legal texts here: the page is told the English governs.
    expect((await post('/api/signing/session', { token: b.token })).json()).toMatchObject({
      englishGoverns: true,
    });
    // The emailed link asks for Spanish, so the signing page opens in Spanish on any device.
    const link = new URL(await signingLinkUrl(b.email));
    expect(link.pathname).toBe('/sign-letter');
    expect(link.searchParams.get('lang')).toBe('es');
    const text = await documentText(b.token);
    expect(text).toContain('Carta de autorización');
    expect(lastDocumentLanguage).toBe('es');
    expect(text).toContain(`Yo, ${b.name}, autorizo a`);
    // The connected bank gives only the account's last characters (its mask): they are said as such, never
    // masked again as if they were the whole number ('XXXX00').
    expect(text).toContain(
      `de mi cuenta de cheques terminada en ${b.account.mask} en ${b.account.institutionName} mediante`,
    );
    expect(text).not.toContain('cuenta de cheques XXXX');
    expect(text).not.toContain('Letter of Authorization');

    await post('/api/signing/consent', { token: b.token, version: '2026-11-26.es', agreed: true });
    const signed = await post('/api/signing/sign', { token: b.token, fullName: b.name, agreed: true });
    expect(signed.json()).toEqual({ signed: true });
    const row = await record(b.applicationId);
    expect(row.documentSignedAt).toBeInstanceOf(Date);
    expect(row).toMatchObject({ letterLanguage: 'es', letterTextVersion: '2026-11-29.2.es' });
  });

  it('writes an English-speaking borrower’s letter in English, as before, and records that', async () => {
    const b = await awaitingSignature('Language', 'en');
    expect(await record(b.applicationId)).toMatchObject({
      letterLanguage: 'en',
      letterTextVersion: '2026-11-29',
    });
    // The link names English too: the letter is English whatever the device that opens it chose before.
    expect(new URL(await signingLinkUrl(b.email)).search).toBe('?lang=en');
    const text = await documentText(b.token);
    expect(text).toContain('Letter of Authorization');
    expect(lastDocumentLanguage).toBe('en');
    expect(text).toContain(`I, ${b.name}, authorize`);
    expect(text).toContain(
      `from my checking account ending in ${b.account.mask} at ${b.account.institutionName} by electronic debit`,
    );
    expect(text).not.toContain('checking account XXXX');
  });
});
