import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '#tests/setup/test-database';
import type { Database } from '#server/db/client';
import { emailOutbox } from '#server/db/schema/ops';
import { createFieldCipher } from '#server/security/field-encryption';
import { deliverEmail, enqueueEmail, type MailTransport, pendingEmailIds } from './outbox';
import { resetPasswordEmail } from './templates';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const cipher = createFieldCipher(randomBytes(32));
const sent: string[] = [];
const working: MailTransport = { name: 'smtp', send: async (m) => void sent.push(m.to) };
const broken: MailTransport = {
  name: 'smtp',
  send: async () => {
    throw new Error('connection refused');
  },
};

describe('email outbox', () => {
  it('is written in the caller’s transaction: a rolled-back change sends nothing', async () => {
    const message = resetPasswordEmail({
      publicUrl: 'http://x',
      email: 'rollback@example.com',
      code: '123456',
    });
    await expect(
      database.db.transaction(async (tx) => {
        await enqueueEmail(tx, cipher, message);
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    const rows = await database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.to, 'rollback@example.com'));
    expect(rows).toHaveLength(0);
  });

  it('records a failed attempt for the retry, then delivers once and only once', async () => {
    const id = await database.db.transaction((tx) =>
      enqueueEmail(
        tx,
        cipher,
        resetPasswordEmail({ publicUrl: 'http://x', email: 'a@example.com', code: '654321' }),
      ),
    );
    expect(await pendingEmailIds(database.db)).toContain(id);
    await expect(deliverEmail(database.db, cipher, broken, id)).rejects.toThrow('connection refused');
    const failed = await database.db.query.emailOutbox.findFirst({ where: eq(emailOutbox.id, id) });
    expect(failed).toMatchObject({ attempts: 1, lastError: 'connection refused', sentAt: null });

    expect(await deliverEmail(database.db, cipher, working, id)).toBe('sent');
    expect(await deliverEmail(database.db, cipher, working, id)).toBe('skipped');
    expect(sent).toEqual(['a@example.com']);
    expect(await pendingEmailIds(database.db)).not.toContain(id);
  });

  it('puts the code link in the email', () => {
    const message = resetPasswordEmail({
      publicUrl: 'http://localhost:3000',
      email: 'a+b@example.com',
      code: '000111',
    });
    expect(message.links[0]!.url).toBe(
      'http://localhost:3000/reset-password?email=a%2Bb%40example.com&code=000111',
    );
    expect(message.text).toContain('000111');
  });
});
