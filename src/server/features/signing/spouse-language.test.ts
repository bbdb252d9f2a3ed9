import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LETTER_TEXT_VERSIONS } from '#domain/enrollment/letter-of-authorization';
import type { Language } from '#domain/i18n/language';
import { borrower, spouse } from '#server/db/schema/application';
import { docusign } from '#server/db/schema/enrollment';
import { planRecipients } from '#server/application/plan-recipients';
import { put } from '#tests/support/borrower-flow';
import {
  atPaymentOptions,
  openLetterAndConsent,
  sandboxPublicToken,
  signingToken,
} from '#tests/support/enrollment';
import { pdfLayoutText } from '#tests/support/pdf-text';
import { createTestApp, type TestApp } from '#tests/setup/test-app';

// A spouse who chose their own language receives their signing email, their signing page's link and their
// signed copy in it, and reads the letter in it: one document holding the letter in each signer's language,
// each signing once below both, the record naming the language and text version each signer read.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

/** A couple whose letter is out for signature: the borrower reads `own`, the spouse `theirs` (null: the same). */
async function coupleAwaitingSignature(
  lastName: string,
  own: Language,
  theirs: Language | null,
  app: TestApp = t,
) {
  const t = app;
  const b = await atPaymentOptions(t, lastName);
  await t.db
    .update(borrower)
    .set({ preferredLanguage: own })
    .where(eq(borrower.applicationId, b.applicationId));
  const owner = await t.db.query.borrower.findFirst({ where: eq(borrower.applicationId, b.applicationId) });
  const spouseEmail = `spouse.${b.email}`;
  // The spouse is added directly: /household's answers, the language among them, have their own tests.
  await t.db.insert(spouse).values({
    applicationId: b.applicationId,
    borrowerId: owner!.id,
    firstName: 'Lucía',
    lastName,
    email: spouseEmail,
    preferredLanguage: theirs,
  });
  await b.client.post('/api/application/bank-connections', {
    publicToken: await sandboxPublicToken(b.client),
  });
  const [account] = (await b.client.get('/api/application/payments/accounts')).json().accounts;
  await put(b.client, '/api/application/payments/confirm-payment-account', { plaidAccountId: account.id });
  return {
    ...b,
    spouseEmail,
    names: { borrower: `Pat ${lastName}`, spouse: `Lucía ${lastName}` },
    tokens: { borrower: await signingToken(t, b.email), spouse: await signingToken(t, spouseEmail) },
  };
}

const letterRecord = async (applicationId: string) =>
  (await t.db.query.docusign.findFirst({
    where: eq(docusign.applicationId, applicationId),
    with: { signers: true },
  }))!;

const flat = (pages: string[]) => pages.join('\n').replace(/\s+/g, ' ');

async function documentPages(token: string, app: TestApp = t): Promise<string[]> {
  const res = await app.client().post('/api/signing/document', { token });
  expect(res.statusCode).toBe(200);
  return pdfLayoutText(new Uint8Array(res.rawPayload));
}

const newest = async (to: string, kind: string) =>
  (await t.emailsTo(to)).reverse().find((e) => e.kind === kind)!;

describe('an English-speaking borrower and a Spanish-speaking spouse', () => {
  it('write to each in their language, and both sign one letter holding the English and the Spanish', async () => {
    const c = await coupleAwaitingSignature('Bilingue', 'en', 'es');

    // The signing emails: the borrower's in English, the spouse's in Spanish with a link that opens the
    // signing page in Spanish on any device.
    const toBorrower = await newest(c.email, 'sign-letter');
    expect(toBorrower.subject).toBe('Please sign your Letter of Authorization');
    expect(new URL(toBorrower.links[0]!.url).searchParams.get('lang')).toBe('en');
    const toSpouse = await newest(c.spouseEmail, 'sign-letter');
    expect(toSpouse.subject).toBe('Por favor, firme su carta de autorización');
    expect(toSpouse.text).toContain(`Hola, ${c.names.spouse}: su plan de manejo de deudas está casi listo.`);
    expect(toSpouse.text).toContain('Como cosolicitante');
    const spouseLink = new URL(toSpouse.links[0]!.url);
    expect(spouseLink.pathname).toBe('/sign-letter');
    expect(spouseLink.searchParams.get('lang')).toBe('es');
    expect(new URLSearchParams(spouseLink.hash.slice(1)).get('t')).toBe(c.tokens.spouse);

    // The record: the letter is the borrower's language first; each signer's version is kept.
    const record = await letterRecord(c.applicationId);
    expect(record).toMatchObject({ letterLanguage: 'en', letterTextVersion: LETTER_TEXT_VERSIONS.en });
    expect(
      Object.fromEntries(record.signers.map((s) => [s.role, [s.letterLanguage, s.letterTextVersion]])),
    ).toEqual({ borrower: ['en', LETTER_TEXT_VERSIONS.en], spouse: ['es', LETTER_TEXT_VERSIONS.es] });

    // The document, as a PDF reader extracts it: the English letter, then the Spanish from a page of its own,
    // the note in both languages, the borrower's block in English and the spouse's in Spanish.
    const pages = await documentPages(c.tokens.spouse);
    const text = flat(pages);
    const english = text.indexOf('Letter of Authorization');
    const spanish = text.indexOf('Carta de autorización');
    expect(english).toBeGreaterThanOrEqual(0);
    expect(spanish).toBeGreaterThan(english);
    expect(text).toContain(`We, ${c.names.borrower} and ${c.names.spouse}, authorize`);
    expect(text).toContain(`Nosotros, ${c.names.borrower} y ${c.names.spouse}, autorizamos a`);
    const spanishFirstPage = pages.findIndex((p) => p.includes('Carta de autorización'));
    expect(spanishFirstPage).toBeGreaterThan(0);
    expect(pages.slice(0, spanishFirstPage).join('\n')).not.toMatch(/autorizamos/);
    expect(text).toContain('This letter is written in English and in Spanish');
    expect(text).toContain('If the two versions differ, the English version governs.');
    expect(text).toContain('Esta carta está escrita en inglés y en español');
    expect(text).toContain('Si las dos versiones difieren, rige la versión en inglés.');
    expect(text).toContain(`${c.names.borrower}, Borrower`);
    expect(text).toContain(`${c.names.spouse}, Cónyuge`);
    // The signatures come after both versions, once each.
    expect(text.indexOf(`${c.names.spouse}, Cónyuge`)).toBeGreaterThan(spanish);
    expect(text).not.toContain(`${c.names.spouse}, Spouse`);
    expect(text).not.toContain(`${c.names.borrower}, Titular`);
    // Each page's footer is in the language of the version on it.
    expect(pages[0]).toMatch(/Letter of Authorization - page 1 of \d/);
    expect(pages[spanishFirstPage]).toMatch(
      new RegExp(`Carta de autorización - página ${spanishFirstPage + 1} de \\d`),
    );

    await openLetterAndConsent(t, c.tokens.borrower);
    await t
      .client()
      .post('/api/signing/consent', { token: c.tokens.spouse, version: '2026-11-26.es', agreed: true });
    for (const role of ['borrower', 'spouse'] as const) {
      const signed = await t.client().post('/api/signing/sign', {
        token: c.tokens[role],
        fullName: c.names[role],
        agreed: true,
      });
      expect(signed.json(), role).toEqual({ signed: true });
    }
    const done = await letterRecord(c.applicationId);
    expect(done.documentSignedAt).toBeInstanceOf(Date);
    expect(done.signers.find((s) => s.role === 'spouse')).toMatchObject({
      letterLanguage: 'es',
      letterTextVersion: LETTER_TEXT_VERSIONS.es,
    });

    // The signed copies: the spouse's email in Spanish, the borrower's in English, the same signed document.
    const copyToSpouse = await newest(c.spouseEmail, 'letter-signed');
    expect(copyToSpouse.subject).toBe('Su carta de autorización firmada');
    expect(copyToSpouse.attachments?.[0]?.filename).toBe('Carta de autorización (firmada).pdf');
    const copyToBorrower = await newest(c.email, 'letter-signed');
    expect(copyToBorrower.subject).toBe('Your signed Letter of Authorization');
    const signedText = flat(
      pdfLayoutText(new Uint8Array(Buffer.from(copyToSpouse.attachments![0]!.content, 'base64'))),
    );
    expect(signedText).toContain(`Nosotros, ${c.names.borrower} y ${c.names.spouse}, autorizamos a`);
    expect(copyToBorrower.attachments?.[0]?.content).toBe(copyToSpouse.attachments?.[0]?.content);

    // Later notices of a change to the plan go to each signer in their language.
    const recipients = await t.db.transaction((tx) => planRecipients(tx, c.applicationId));
    expect(Object.fromEntries(recipients.map((r) => [r.to, r.language]))).toEqual({
      [c.email]: 'en',
      [c.spouseEmail]: 'es',
    });
  });
});

describe('a Spanish-speaking borrower', () => {
  it('with a spouse who chose no language: one letter in Spanish, the spouse written to in Spanish', async () => {
    const c = await coupleAwaitingSignature('Familia', 'es', null);
    expect((await newest(c.spouseEmail, 'sign-letter')).subject).toBe(
      'Por favor, firme su carta de autorización',
    );
    const record = await letterRecord(c.applicationId);
    expect(record.signers.map((s) => s.letterLanguage).sort()).toEqual(['es', 'es']);
    const text = flat(await documentPages(c.tokens.borrower));
    expect(text).toContain('Carta de autorización');
    expect(text).not.toContain('Letter of Authorization');
    expect(text).not.toContain('Esta carta está escrita en inglés y en español');
    expect(text).toContain(`${c.names.spouse}, Cónyuge`);
  });

  it('with an English-speaking spouse: the Spanish first, then the English, each written to in theirs', async () => {
    const c = await coupleAwaitingSignature('Mixta', 'es', 'en');
    expect((await newest(c.email, 'sign-letter')).subject).toBe('Por favor, firme su carta de autorización');
    const toSpouse = await newest(c.spouseEmail, 'sign-letter');
    expect(toSpouse.subject).toBe('Please sign your Letter of Authorization');
    // The spouse's link asks for English: the borrower's device, or a browser asking for Spanish, would
    // otherwise open the English letter's signing page in Spanish.
    const spouseLink = new URL(toSpouse.links[0]!.url);
    expect(spouseLink.searchParams.getAll('lang')).toEqual(['en']);
    expect(new URLSearchParams(spouseLink.hash.slice(1)).get('t')).toBe(c.tokens.spouse);
    // And the borrower's, in Spanish, asks for Spanish once.
    const borrowerLink = new URL((await newest(c.email, 'sign-letter')).links[0]!.url);
    expect(borrowerLink.searchParams.getAll('lang')).toEqual(['es']);
    const record = await letterRecord(c.applicationId);
    expect(record).toMatchObject({ letterLanguage: 'es', letterTextVersion: LETTER_TEXT_VERSIONS.es });
    const text = flat(await documentPages(c.tokens.spouse));
    expect(text.indexOf('Carta de autorización')).toBeLessThan(text.indexOf('Letter of Authorization'));
    expect(text).toContain(`${c.names.borrower}, Titular`);
    expect(text).toContain(`${c.names.spouse}, Spouse`);
  });
});

describe('once the agency approved its Spanish texts', () => {
  let approved: TestApp;
  beforeAll(async () => {
    approved = await createTestApp({ LEGAL_SPANISH_APPROVED: 'true' });
  });
  afterAll(async () => approved?.close());

  it('the letter in both languages says that both versions bind, in each language', async () => {
    const c = await coupleAwaitingSignature('Aprobada', 'en', 'es', approved);
    const text = flat(await documentPages(c.tokens.spouse, approved));
    expect(text).toContain('Both versions are equally binding.');
    expect(text).toContain('Las dos versiones son igualmente vinculantes.');
    expect(text).not.toContain('English version governs');
  });
});
