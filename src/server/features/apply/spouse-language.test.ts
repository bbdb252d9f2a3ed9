import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#tests/setup/test-app';
import { spouse } from '#server/db/schema/application';
import { householdBody, newBorrower, put } from '#tests/support/borrower-flow';

// The spouse's own language, chosen on /household: saved with the spouse, read back by the form, and
// refused with the field's message when it is not one of ours.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const spouseBody = (preferredLanguage: unknown) => ({
  firstName: 'Lucía',
  lastName: 'Doe',
  dateOfBirth: '02-03-1986',
  hasSameAddressAsBorrower: true,
  preferredLanguage,
});

const storedLanguage = async (applicationId: string) =>
  (await t.db.query.spouse.findFirst({ where: eq(spouse.applicationId, applicationId) }))?.preferredLanguage;

describe('the spouse’s language on PUT /api/application/household', () => {
  it('saves Spanish, shows it to the form, and goes back to the borrower’s when cleared', async () => {
    const b = await newBorrower(t);
    await put(b.client, '/api/application/hardships', { other: true });
    const save = (language: unknown) =>
      put(
        b.client,
        '/api/application/household',
        householdBody('Doe', { hasSpouse: true, spouse: spouseBody(language) }),
      );

    expect((await save('es')).statusCode).toBe(200);
    expect(await storedLanguage(b.applicationId)).toBe('es');
    expect((await b.client.get('/api/application')).json().spouse).toMatchObject({
      firstName: 'Lucía',
      preferredLanguage: 'es',
    });

    expect((await save('en')).statusCode).toBe(200);
    expect(await storedLanguage(b.applicationId)).toBe('en');

    // Null, or left out by an older page, is "the same as mine".
    expect((await save(null)).statusCode).toBe(200);
    expect(await storedLanguage(b.applicationId)).toBeNull();
    expect((await save(undefined)).statusCode).toBe(200);
    expect((await b.client.get('/api/application')).json().spouse.preferredLanguage).toBeNull();
  });

  it.each([
    ['a language we do not write', 'fr'],
    ['a capitalised code', 'ES'],
    ['a locale', 'es-MX'],
    ['a control character', 'es\u0000'],
    ['a right-to-left override', '\u202Ees'],
    ['a huge number', 1e308],
    ['an object', { language: 'es' }],
    ['a list', ['es']],
    ['a huge string', 'e'.repeat(100_000)],
    ['a boolean', true],
  ])('refuses %s with 400 on the field, saving nothing', async (_name, value) => {
    const b = await newBorrower(t);
    await put(b.client, '/api/application/hardships', { other: true });
    const res = await put(
      b.client,
      '/api/application/household',
      householdBody('Doe', { hasSpouse: true, spouse: spouseBody(value) }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toMatchObject({
      'spouse.preferredLanguage': 'Your spouse’s language is invalid',
    });
    expect(await storedLanguage(b.applicationId)).toBeUndefined();
  });

  it('words the refusal in Spanish for a borrower reading Spanish', async () => {
    const b = await newBorrower(t);
    b.client.jar.set('lang', 'es');
    await put(b.client, '/api/application/hardships', { other: true });
    const res = await put(
      b.client,
      '/api/application/household',
      householdBody('Doe', { hasSpouse: true, spouse: spouseBody('de') }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors['spouse.preferredLanguage']).toBe(
      'El idioma de su cónyuge: el dato no es válido',
    );
  });

  it('the database keeps only our languages, whatever writes to it', async () => {
    const b = await newBorrower(t);
    await put(b.client, '/api/application/hardships', { other: true });
    await put(
      b.client,
      '/api/application/household',
      householdBody('Doe', { hasSpouse: true, spouse: spouseBody('es') }),
    );
    await expect(
      t.db
        .update(spouse)
        .set({ preferredLanguage: 'fr' as never })
        .where(eq(spouse.applicationId, b.applicationId)),
    ).rejects.toThrow();
    expect(await storedLanguage(b.applicationId)).toBe('es');
  });
});
