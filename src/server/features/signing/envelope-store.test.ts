import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SandboxEnvelope } from '#providers/e-signature/sandbox';
import type { Database } from '#server/db/client';
import { eSignatureSandboxEnvelope } from '#server/db/schema/ops';
import { createFieldCipher } from '#server/security/field-encryption';
import { rotateColumn } from '#server/security/rotate-keys';
import { SEALED_COLUMNS } from '#server/security/sealed-columns';
import { createTestDatabase } from '#tests/setup/test-database';
import { databaseEnvelopeStore } from './envelope-store';

// The e-signature sandbox's envelopes hold a letter (name, address, creditors, balances) and each signer's
// link token. A staging site runs the sandbox on real people's data (ALLOW_SANDBOX_PROVIDERS=true): what the
// table keeps must be sealed, and key rotation must reach it.

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
}, 60_000);
afterAll(async () => {
  await database.close();
});

const TOKEN = 'Zm9yLXRoZS1zaWduZXItb25seS10b2tlbi12YWx1ZS0xMjM0NTY';
const envelopeOf = (envelopeId: string) =>
  ({
    envelopeId,
    createdAt: '2026-11-29T10:00:00.000Z',
    originalPdfBase64: Buffer.from('%PDF-1.7 Jane Borrower, 12 Elm Street, CHASE $4,210.00').toString(
      'base64',
    ),
    pdfBase64: Buffer.from('%PDF-1.7 Jane Borrower, 12 Elm Street, CHASE $4,210.00').toString('base64'),
    signers: [{ name: 'Jane Borrower', email: 'jane@example.com', token: TOKEN }],
  }) as unknown as SandboxEnvelope;

const rowOf = async (envelopeId: string) =>
  (
    await database.db
      .select()
      .from(eSignatureSandboxEnvelope)
      .where(eq(eSignatureSandboxEnvelope.envelopeId, envelopeId))
  )[0]!;

describe('the sandbox envelope store', () => {
  it('keeps each envelope sealed: no letter, name, email or token in clear, and reads it back whole', async () => {
    const store = databaseEnvelopeStore(database.db, createFieldCipher(randomBytes(32)));
    const envelope = envelopeOf('env-sealed');
    await store.save(envelope);
    const stored = JSON.stringify(await rowOf('env-sealed'));
    for (const clear of ['Jane', 'jane@example.com', TOKEN, envelope.pdfBase64.slice(0, 24)])
      expect(stored).not.toContain(clear);
    expect(await store.load('env-sealed')).toEqual(envelope);
  });

  it('is re-sealed by key rotation: a new key alone then opens it', async () => {
    const oldKey = randomBytes(32);
    const newKey = randomBytes(32);
    await databaseEnvelopeStore(database.db, createFieldCipher(oldKey)).save(envelopeOf('env-rotated'));
    const column = SEALED_COLUMNS.find((c) => c.table === 'e_signature_sandbox_envelope');
    expect(column).toBeDefined();
    const done = await rotateColumn(database.db, createFieldCipher(newKey, [oldKey]), column!);
    // The other tests' envelopes are under keys of their own: unreadable here, and left as they are.
    expect(done.unreadable).not.toContain('env-rotated');
    expect(done.resealed).toBeGreaterThanOrEqual(1);
    const withNewKeyOnly = databaseEnvelopeStore(database.db, createFieldCipher(newKey));
    expect(await withNewKeyOnly.load('env-rotated')).toEqual(envelopeOf('env-rotated'));
  });

  it('still reads an envelope kept in clear before envelopes were sealed, and seals it when saved again', async () => {
    const store = databaseEnvelopeStore(database.db, createFieldCipher(randomBytes(32)));
    const old = envelopeOf('env-before');
    await database.db.insert(eSignatureSandboxEnvelope).values({ envelopeId: 'env-before', data: old });
    expect(await store.load('env-before')).toEqual(old);
    await store.save(old);
    expect(await rowOf('env-before')).toMatchObject({ data: null });
    expect(await store.load('env-before')).toEqual(old);
  });
});
