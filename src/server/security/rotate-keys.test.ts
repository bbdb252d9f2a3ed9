import { createCipheriv, randomBytes, randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSignedLetter } from '#server/application/signed-letter-store';
import type { Database } from '#server/db/client';
import { borrower } from '#server/db/schema/application';
import { docusign } from '#server/db/schema/enrollment';
import { emailOutbox, smsOutbox } from '#server/db/schema/ops';
import { creditor } from '#server/db/schema/creditors';
import { openEmailBody, sealEmailBody } from '#server/email/outbox';
import { openSmsBody, sealSmsBody } from '#server/sms/outbox';
import { createApplication } from '#tests/factories/application';
import { createTestDatabase } from '#tests/setup/test-database';
import { createFieldCipher, encryptionKeyId } from './field-encryption';
import { keysInUse, rotateKeys } from './rotate-keys';
import { SEALED_COLUMNS } from './sealed-columns';

// Key rotation over a real database (PGlite, or PostgreSQL with TEST_DATABASE_URL): every sealed column is
// walked, old values are re-sealed under the new key, and a second run has nothing left to do.

const oldKey = randomBytes(32);
const newKey = randomBytes(32);
const before = createFieldCipher(oldKey);
const after = createFieldCipher(newKey, [oldKey]);
const PDF = Buffer.from('%PDF-1.7 Pat Doe, 12 Elm Street %%EOF');

/** As versions before key ids sealed: v1.<iv>.<tag>.<ciphertext>. */
function sealV1(key: Buffer, plain: string): string {
  const iv = randomBytes(12);
  const c = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([c.update(plain, 'utf8'), c.final()]);
  return ['v1', ...[iv, c.getAuthTag(), body].map((p) => p.toString('base64url'))].join('.');
}

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

/** An application with a date of birth, a signed letter, an email and a text, sealed as `how` says. */
async function application(how: { dob: string; letter: string; smsBody: string }) {
  const a = await createApplication(database, { borrower: { dateOfBirth: how.dob } });
  await database.db
    .insert(docusign)
    .values({ applicationId: a.applicationId, envelopeId: randomUUID(), signedDocument: how.letter });
  const to = `${a.applicationId.slice(0, 8)}@example.com`;
  const [email] = await database.db
    .insert(emailOutbox)
    .values({
      to,
      kind: 'test',
      sealed: sealEmailBody(before, to, {
        subject: 'Code',
        text: '123456',
        html: null,
        links: [],
        attachments: [],
      }),
    })
    .returning({ id: emailOutbox.id });
  const [sms] = await database.db
    .insert(smsOutbox)
    .values({ applicationId: a.applicationId, to: '+14155550123', eventType: 'test', body: how.smsBody })
    .returning({ id: smsOutbox.id });
  return { ...a, emailId: email!.id, smsId: sms!.id };
}

const prefixNew = `v2.${encryptionKeyId(newKey)}.`;

describe('npm run keys:rotate', () => {
  it('re-seals old-key, pre-key-id and clear values under the new key; a second run does nothing', async () => {
    // Under the old key, the way a server before the rotation wrote them.
    const a = await application({
      dob: before.encrypt('1980-01-31'),
      letter: before.encrypt(PDF.toString('base64')),
      smsBody: sealSmsBody(before, '+14155550123', 'Hi Pat'),
    });
    // Written before key ids (v1), or before the letter and the texts were sealed (clear).
    const b = await application({
      dob: sealV1(oldKey, '1975-06-01'),
      letter: PDF.toString('base64'),
      smsBody: 'Clearpath Debt Relief: Hi Sam',
    });

    // A creditor's ACH account (a table keyed by a readable id, not a uuid), sealed under the old key.
    await database.db
      .update(creditor)
      .set({ achRoutingNumber: before.encrypt('021000021'), achAccountNumber: sealV1(oldKey, '123456789') })
      .where(eq(creditor.id, 'chase'));

    const progress: string[] = [];
    const first = await rotateKeys(database.db, after, {
      batchSize: 1,
      onProgress: (p) => progress.push(`${p.table}.${p.column} ${p.current}/${p.total}`),
    });
    // Every sealed column was walked, and nothing is left under another key.
    expect(first.map((r) => `${r.table}.${r.column}`)).toEqual(
      SEALED_COLUMNS.map((c) => `${c.table}.${c.column}`),
    );
    for (const r of first) {
      expect(r.unreadableCount, `${r.table}.${r.column}`).toBe(0);
      expect(r.current, `${r.table}.${r.column}`).toBe(r.total);
    }
    const byColumn = Object.fromEntries(first.map((r) => [`${r.table}.${r.column}`, r]));
    expect(byColumn['borrower.date_of_birth']!.resealed).toBeGreaterThanOrEqual(2);
    expect(byColumn['docusign.signed_document']!.resealed).toBeGreaterThanOrEqual(2);
    expect(byColumn['sms_outbox.body']!.resealed).toBeGreaterThanOrEqual(2);
    expect(byColumn['email_outbox.sealed']!.resealed).toBeGreaterThanOrEqual(2);
    expect(byColumn['creditor.ach_routing_number']!.resealed).toBe(1);
    expect(byColumn['creditor.ach_account_number']!.resealed).toBe(1);
    // Progress is counts per column, one line per batch: nothing read shows.
    expect(progress).toContain('sms_outbox.body 2/2');
    expect(progress.join('\n')).not.toMatch(/Pat|Sam|1980|1975|example\.com/);

    // The values are the same, now under the new key: the new key alone opens them.
    const only = createFieldCipher(newKey);
    for (const [app, dob, sms] of [
      [a, '1980-01-31', 'Hi Pat'],
      [b, '1975-06-01', 'Clearpath Debt Relief: Hi Sam'],
    ] as const) {
      const [p] = await database.db.select().from(borrower).where(eq(borrower.id, app.borrowerId));
      expect(p!.dateOfBirth!.startsWith(prefixNew)).toBe(true);
      expect(only.decrypt(p!.dateOfBirth!)).toBe(dob);
      const [d] = await database.db
        .select()
        .from(docusign)
        .where(eq(docusign.applicationId, app.applicationId));
      expect(d!.signedDocument!.startsWith(prefixNew)).toBe(true);
      expect(openSignedLetter(only, d!.signedDocument!).equals(PDF)).toBe(true);
      const [s] = await database.db.select().from(smsOutbox).where(eq(smsOutbox.id, app.smsId));
      expect(s!.body!.startsWith(prefixNew)).toBe(true);
      expect(openSmsBody(only, s!)).toBe(sms);
      const [e] = await database.db.select().from(emailOutbox).where(eq(emailOutbox.id, app.emailId));
      expect(openEmailBody(only, e!)?.text).toBe('123456');
    }

    const [chase] = await database.db.select().from(creditor).where(eq(creditor.id, 'chase'));
    expect(only.decrypt(chase!.achRoutingNumber!)).toBe('021000021');
    expect(only.decrypt(chase!.achAccountNumber!)).toBe('123456789');

    // Resumable and idempotent: run again, nothing to do.
    const second = await rotateKeys(database.db, after);
    expect(second.map((r) => r.resealed)).toEqual(second.map(() => 0));
    expect(second.map((r) => r.current)).toEqual(first.map((r) => r.current));
  });

  it('carries on where an interrupted run stopped', async () => {
    for (let i = 0; i < 5; i++)
      await createApplication(database, { borrower: { dateOfBirth: before.encrypt(`1990-01-0${i + 1}`) } });
    const column = SEALED_COLUMNS.filter((c) => c.table === 'borrower');
    let batches = 0;
    await expect(
      rotateKeys(database.db, after, {
        columns: column,
        batchSize: 2,
        onProgress: () => {
          // Stopped after the first batch (as a killed process would be).
          if (++batches === 1) throw new Error('stopped');
        },
      }),
    ).rejects.toThrow('stopped');
    const [halfway] = await keysInUse(database.db, column);
    expect(halfway!.byKey[encryptionKeyId(newKey)]).toBeGreaterThanOrEqual(2);
    expect(halfway!.byKey[encryptionKeyId(oldKey)]).toBe(3);

    const [resumed] = await rotateKeys(database.db, after, { columns: column, batchSize: 2 });
    expect(resumed!.resealed).toBe(3);
    expect(resumed!.current).toBe(resumed!.total);
  });

  it('reports a value under an unknown key by row id, leaves it as it is, and --check names the key', async () => {
    const stranger = randomBytes(32);
    const sealed = createFieldCipher(stranger).encrypt('2000-02-02');
    const a = await createApplication(database, { borrower: { dateOfBirth: sealed } });
    const [r] = await rotateKeys(database.db, after, {
      columns: SEALED_COLUMNS.filter((c) => c.table === 'borrower'),
    });
    expect(r!.unreadableCount).toBe(1);
    expect(r!.unreadable).toEqual([a.borrowerId]);
    expect(r!.current).toBe(r!.total - 1);
    const [p] = await database.db.select().from(borrower).where(eq(borrower.id, a.borrowerId));
    expect(p!.dateOfBirth).toBe(sealed);

    const [use] = await keysInUse(
      database.db,
      SEALED_COLUMNS.filter((c) => c.table === 'borrower'),
    );
    expect(use!.byKey[encryptionKeyId(stranger)]).toBe(1);
    // Given the key back as an old one, the next run re-seals it.
    const [fixed] = await rotateKeys(database.db, createFieldCipher(newKey, [oldKey, stranger]), {
      columns: SEALED_COLUMNS.filter((c) => c.table === 'borrower'),
    });
    expect(fixed!.unreadableCount).toBe(0);
    expect(fixed!.current).toBe(fixed!.total);
  });
});

describe('SEALED_COLUMNS', () => {
  it('lists exactly the columns the schema declares with ciphertext()', () => {
    const dir = new URL('../db/schema/', import.meta.url);
    const declared: string[] = [];
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))) {
      const source = readFileSync(new URL(file, dir), 'utf8');
      // Each ciphertext('x') belongs to the pgTable('name' opened last before it.
      let table = '';
      for (const m of source.matchAll(/pgTable\(\s*'(\w+)'|ciphertext\('(\w+)'\)/g)) {
        if (m[1]) table = m[1];
        else if (m[2] && table) declared.push(`${table}.${m[2]}`);
      }
    }
    expect(declared.sort()).toEqual(SEALED_COLUMNS.map((c) => `${c.table}.${c.column}`).sort());
  });
});
