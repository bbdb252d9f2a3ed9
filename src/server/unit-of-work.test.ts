import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase } from '#tests/setup/test-database';
import { LETTER_SEND_QUEUE } from './application/letter-queue';
import type { Database, Transaction } from './db/client';
import { auditLog, emailOutbox, smsOutbox } from './db/schema/ops';
import { createFieldCipher } from './security/field-encryption';
import {
  NESTED_UNIT,
  outsideUnits,
  type UnitServices,
  VendorCallInUnitError,
  withReadUnit,
  withUnit,
} from './unit-of-work';

let database: Database;
const cipher = createFieldCipher(randomBytes(32), []);
let announced: { kind: string; id: string }[];
let services: UnitServices;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});
beforeEach(() => {
  announced = [];
  services = {
    database,
    cipher,
    today: () => '2026-11-29',
    onEmailQueued: (id) => announced.push({ kind: 'email', id }),
    onSmsQueued: (id) => announced.push({ kind: 'sms', id }),
    onWebhookQueued: (id, type) => announced.push({ kind: `webhook:${type ?? 'transfer'}`, id }),
  };
});

const email = (to: string) => ({
  to,
  subject: 'Subject',
  text: 'Body',
  html: '<p>Body</p>',
  links: [],
  kind: 'test',
});

/** The PostgreSQL code of an error or of one of its causes (drizzle wraps the driver's error). */
const codeOf = (error: unknown): string | null => {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return null;
};

describe('withUnit', () => {
  it('announces what the outbox wrote once, after the commit, and answers what the work answered', async () => {
    let announcedInside: number | null = null;
    const result = await withUnit(services, async (unit) => {
      const emailId = await unit.outbox.email(email('unit@example.org'));
      const smsId = await unit.outbox.text({
        applicationId: null,
        to: '+15555550100',
        eventType: 'test',
        body: 'Hello',
      });
      unit.outbox.partnerEvent('00000000-0000-4000-8000-000000000001', 'enrollment.updated');
      announcedInside = announced.length;
      return { emailId, smsId, today: unit.today };
    });
    expect(announcedInside).toBe(0);
    expect(result.today).toBe('2026-11-29');
    expect(announced).toEqual([
      { kind: 'email', id: result.emailId },
      { kind: 'sms', id: result.smsId },
      { kind: 'webhook:enrollment.updated', id: '00000000-0000-4000-8000-000000000001' },
    ]);
    // Committed: the rows the queue is told of are there for anyone to read.
    expect(
      await database.db.select().from(emailOutbox).where(eq(emailOutbox.id, result.emailId)),
    ).toHaveLength(1);
    expect(await database.db.select().from(smsOutbox).where(eq(smsOutbox.id, result.smsId))).toHaveLength(1);
  });

  it('rolls back and announces nothing when the work throws', async () => {
    let written: { emailId: string; smsId: string } | undefined;
    const failure = new Error('the work failed');
    await expect(
      withUnit(services, async (unit) => {
        const emailId = await unit.outbox.email(email('rolled-back@example.org'));
        unit.outbox.adopt({ smsIds: ['00000000-0000-4000-8000-000000000002'] });
        unit.outbox.partnerEvent('00000000-0000-4000-8000-000000000003');
        await unit.audit({
          actorId: null,
          action: 'agencyDayOffAdded',
          entityType: 'test',
          entityId: emailId,
        });
        written = { emailId, smsId: '' };
        throw failure;
      }),
    ).rejects.toBe(failure);
    expect(announced).toEqual([]);
    expect(await database.db.select().from(emailOutbox).where(eq(emailOutbox.id, written!.emailId))).toEqual(
      [],
    );
    expect(await database.db.select().from(auditLog).where(eq(auditLog.entityId, written!.emailId))).toEqual(
      [],
    );
  });

  it('writes its audit records in its transaction', async () => {
    const entityId = `audit-${randomBytes(4).toString('hex')}`;
    await withUnit(services, (unit) =>
      unit.audit({ actorId: null, action: 'agencyDayOffAdded', entityType: 'test', entityId }),
    );
    const [row] = await database.db.select().from(auditLog).where(eq(auditLog.entityId, entityId));
    expect(row?.action).toBe('agencyDayOffAdded');
  });

  it('announces rows a shared helper wrote in its transaction with its own', async () => {
    await withUnit(services, async (unit) => {
      unit.outbox.adopt({ emailIds: ['e1'], smsIds: ['s1'] });
    });
    expect(announced).toEqual([
      { kind: 'email', id: 'e1' },
      { kind: 'sms', id: 's1' },
    ]);
  });

  it("writes the letter's and the proposals' jobs in its transaction, and says when there is no queue", async () => {
    const queued: { job: string; tx: Transaction; id: string }[] = [];
    const withQueue: UnitServices = {
      ...services,
      queueLetter: async (tx, id) => void queued.push({ job: 'letter', tx: tx as Transaction, id }),
      queueProposals: async (tx, id) => void queued.push({ job: 'proposals', tx: tx as Transaction, id }),
    };
    const seen = await withUnit(withQueue, async (unit) => {
      expect(await unit.outbox.letterJob('a1')).toBe(true);
      expect(await unit.outbox.proposalsJob('a1')).toBe(true);
      return unit.tx;
    });
    expect(queued.map((q) => [q.job, q.id, q.tx === seen])).toEqual([
      ['letter', 'a1', true],
      ['proposals', 'a1', true],
    ]);
    expect(await withUnit(services, (unit) => unit.outbox.letterJob('a1'))).toBe(false);
  });

  it("queues the letter again only when its job is no longer alive, when asked so (/submitted's visit)", async () => {
    const queued: string[] = [];
    const withQueue: UnitServices = { ...services, queueLetter: async (_tx, id) => void queued.push(id) };
    const key = `alive-${Date.now()}`;
    // No handover: the job was lost (or given up), so it is queued again.
    expect(await withUnit(withQueue, (unit) => unit.outbox.letterJob(key, { unlessAlive: true }))).toBe(true);
    expect(queued).toEqual([key]);
    // Handed over and not given up: alive, so nothing more is written.
    await database.executeSql(`insert into job_handover (queue, key) values ($1, $2)`, [
      LETTER_SEND_QUEUE,
      key,
    ]);
    expect(await withUnit(withQueue, (unit) => unit.outbox.letterJob(key, { unlessAlive: true }))).toBe(true);
    expect(queued).toEqual([key]);
    // The payment account's save queues it whatever.
    await withUnit(withQueue, (unit) => unit.outbox.letterJob(key));
    expect(queued).toEqual([key, key]);
  });

  it("calls the wake a job's queue answered once, after the commit, and never after a rollback", async () => {
    const woken: string[] = [];
    const withQueue: UnitServices = {
      ...services,
      queueLetter: async (_tx, id) => () => void woken.push(`letter ${id}`),
      queueProposals: async (_tx, id) => () => void woken.push(`proposals ${id}`),
    };
    await withUnit(withQueue, async (unit) => {
      await unit.outbox.letterJob('a1');
      await unit.outbox.proposalsJob('a2');
      // Before the commit the job is not visible to the worker: a wake now would find nothing.
      expect(woken).toEqual([]);
    });
    expect(woken).toEqual(['letter a1', 'proposals a2']);

    woken.length = 0;
    await expect(
      withUnit(withQueue, async (unit) => {
        await unit.outbox.letterJob('a3');
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(woken).toEqual([]);
  });

  it('refuses a unit inside another (a second connection would wait for the first)', async () => {
    await expect(withUnit(services, () => withUnit(services, async () => 1))).rejects.toThrow(NESTED_UNIT);
    // The refusal rolled the outer unit back; a unit after it opens as usual.
    expect(await withUnit(services, async () => 2)).toBe(2);
  });

  it('refuses a vendor call inside a unit, and lets it through outside', async () => {
    const calls: string[] = [];
    const vendor = outsideUnits(
      {
        kind: 'fake',
        lookUp: async (name: string) => {
          calls.push(name);
          return `answer for ${name}`;
        },
      },
      'fakeVendor',
    );
    expect(vendor.kind).toBe('fake');
    expect(await vendor.lookUp('before')).toBe('answer for before');
    await expect(withUnit(services, () => vendor.lookUp('inside'))).rejects.toBeInstanceOf(
      VendorCallInUnitError,
    );
    expect(calls).toEqual(['before']);
  });

  it('takes only a transaction where one is asked for: the plain database handle is refused by the types', () => {
    const lockingRead = (tx: Transaction) => tx;
    // @ts-expect-error The database handle is not a transaction: its `for update` would not hold the lock.
    expect(() => lockingRead(database.db)).not.toThrow();
  });
});

describe('withReadUnit', () => {
  it('reads, and is refused inside a unit or around one, as a vendor call is inside it', async () => {
    const read = await withReadUnit(services, async (unit) => {
      const [row] = await unit.db
        .select({ n: sql<number>`1` })
        .from(auditLog)
        .limit(1);
      return { today: unit.today, rows: row ? 1 : 0 };
    });
    expect(read.today).toBe('2026-11-29');
    await expect(withUnit(services, () => withReadUnit(services, async () => 1))).rejects.toThrow(
      NESTED_UNIT,
    );
    await expect(withReadUnit(services, () => withUnit(services, async () => 1))).rejects.toThrow(
      NESTED_UNIT,
    );
    const vendor = outsideUnits({ ask: () => 'answer' }, 'vendor');
    await expect(withReadUnit(services, async () => vendor.ask())).rejects.toThrow(VendorCallInUnitError);
  });
});

describe('a `for update` inside a unit', () => {
  /** An email row to lock, committed. */
  const committedRow = () => withUnit(services, (unit) => unit.outbox.email(email('lock@example.org')));

  it.runIf(process.env.TEST_DATABASE_URL)(
    'holds the row until the unit ends (PostgreSQL: a second unit cannot take it meanwhile)',
    async () => {
      const id = await committedRow();
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let locked!: () => void;
      const lockTaken = new Promise<void>((resolve) => (locked = resolve));
      const first = withUnit(services, async (unit) => {
        await unit.tx.select().from(emailOutbox).where(eq(emailOutbox.id, id)).for('update');
        locked();
        await held;
      });
      await lockTaken;
      const second = withUnit(services, (unit) =>
        unit.tx.select().from(emailOutbox).where(eq(emailOutbox.id, id)).for('update', { noWait: true }),
      );
      // lock_not_available: the first unit's lock is held for as long as the first unit is open.
      await expect(second.catch((error: unknown) => codeOf(error))).resolves.toBe('55P03');
      release();
      await first;
      // Once the first has committed the row is free again.
      expect(
        await withUnit(services, (unit) =>
          unit.tx.select().from(emailOutbox).where(eq(emailOutbox.id, id)).for('update', { noWait: true }),
        ),
      ).toHaveLength(1);
      // What the unit prevents: on the plain handle the statement commits on its own, and the lock ends with it.
      await database.db.select().from(emailOutbox).where(eq(emailOutbox.id, id)).for('update');
      expect(
        await withUnit(services, (unit) =>
          unit.tx.select().from(emailOutbox).where(eq(emailOutbox.id, id)).for('update', { noWait: true }),
        ),
      ).toHaveLength(1);
    },
  );

  it.skipIf(process.env.TEST_DATABASE_URL)(
    'runs two units one after the other on the embedded database (one connection: units serialize)',
    async () => {
      const id = await committedRow();
      const events: string[] = [];
      const unit = (name: string) =>
        withUnit(services, async (u) => {
          events.push(`${name} opened`);
          await u.tx.select().from(emailOutbox).where(eq(emailOutbox.id, id)).for('update');
          await new Promise((resolve) => setTimeout(resolve, 20));
          events.push(`${name} ends`);
        });
      await Promise.all([unit('first'), unit('second')]);
      expect(events).toEqual(['first opened', 'first ends', 'second opened', 'second ends']);
    },
  );
});
