import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#tests/setup/test-app';
import { qualifiedBorrower, signedInStaff } from '#tests/support/staff-actions';
import { AppError } from '#domain/errors';
import { SHIPPED_CONCESSIONS } from '#domain/underwriting/concessions';
import { offer } from '#server/db/schema/decision';
import { concessionProgramme, creditor } from '#server/db/schema/creditors';
import { concessionsInForce } from '#server/application/concessions';
import { unitOpener } from '#server/unit-of-work';
import { reviseProgramme } from './revise-programme';

// A creditor's programme revised by the agency: the next decision offers on the new version, the offers
// already made keep theirs.

let t: TestApp;
let staffUserId: string;
beforeAll(async () => {
  t = await createTestApp();
  staffUserId = (await signedInStaff(t)).userId;
});
afterAll(() => t.close());

/** A revision in a unit of its own, as the route makes it. */
const revise = (o: Parameters<typeof reviseProgramme>[1]) =>
  unitOpener({ database: t.database, cipher: t.cipher, today: t.today })((unit) => reviseProgramme(unit, o));

const offersOf = async (applicationId: string) =>
  t.db
    .select({
      id: offer.id,
      lenderConcessionId: offer.lenderConcessionId,
      proposedApr: offer.proposedApr,
      payment: offer.payment,
    })
    .from(offer)
    .where(eq(offer.applicationId, applicationId))
    .orderBy(offer.id);

/** A creditor of this test's own, with its first version (the shipped ones are revised by other tests). */
async function newCreditor(id: string) {
  await t.db.insert(creditor).values({ id, name: `Creditor ${id}`, matchNames: [id.toUpperCase()] });
  await t.db.insert(concessionProgramme).values({
    id: `${id}@1`,
    creditorId: id,
    version: 1,
    effectiveFrom: new Date('2020-01-01T00:00:00Z'),
    proposedAprBp: 800,
    paymentBp: 200,
    hardshipPaymentBp: 175,
    minimumPayment: 2500,
  });
  return id;
}

const revision = {
  proposedAprBp: 600,
  paymentBp: 300,
  hardshipPaymentBp: 250,
  minimumPayment: 3000,
  maxTermMonths: 60,
  fairShareBp: 0,
  silentDefault: 'accepted' as const,
  silentAfterDays: 30,
  reason: 'New agreement with the issuer, effective today',
};

describe('a new database', () => {
  it('starts with every shipped programme as version 1, in force', async () => {
    const inForce = await concessionsInForce(t.db, new Date());
    expect(inForce.map((p) => p.id).sort()).toEqual(SHIPPED_CONCESSIONS.map((p) => p.id).sort());
    const chase = inForce.find((p) => p.creditorId === 'chase');
    expect(chase).toMatchObject({ issuer: 'Chase Card Services', proposedAprBp: 800, paymentBp: 200 });
  });
});

describe('reviseProgramme', () => {
  it('changes the next decision and not the last', async () => {
    const first = await qualifiedBorrower(t, 'Before');
    const before = await offersOf(first.applicationId);
    expect(before.length).toBeGreaterThan(0);
    for (const o of before) expect(o.lenderConcessionId).toMatch(/@1$/);
    // Every creditor of these offers revised (the next borrower's report may name other ones).
    const creditorIds = [...new Set(before.map((o) => o.lenderConcessionId!.split('@')[0]!))];
    for (const creditorId of creditorIds) {
      const revised = await revise({ creditorId, revision, staffUserId, at: new Date() });
      expect(revised.id).toBe(`${creditorId}@2`);
    }

    // The offers already made: exactly as they were.
    expect(await offersOf(first.applicationId)).toEqual(before);

    // The next decision: the revised creditors on version 2 at 6%, any other on version 1 at 8%.
    const second = await qualifiedBorrower(t, 'After');
    const after = await offersOf(second.applicationId);
    const revisedOffers = after.filter((o) => o.lenderConcessionId!.endsWith('@2'));
    expect(revisedOffers.length).toBeGreaterThan(0);
    for (const o of after) {
      const creditorId = o.lenderConcessionId!.split('@')[0]!;
      const wasRevised = creditorIds.includes(creditorId);
      expect(o.lenderConcessionId, creditorId).toBe(`${creditorId}@${wasRevised ? 2 : 1}`);
      expect(o.proposedApr, creditorId).toBe(wasRevised ? 600 : 800);
    }
  });

  it('keeps every version as the history: who, when, why, and the terms before and after', async () => {
    const at = new Date();
    const creditorId = await newCreditor('history-bank');
    await revise({ creditorId, revision, staffUserId, at });
    await revise({
      creditorId,
      revision: { ...revision, proposedAprBp: 700, reason: 'Corrected rate' },
      staffUserId,
      at,
    });
    const history = await t.db
      .select()
      .from(concessionProgramme)
      .where(eq(concessionProgramme.creditorId, creditorId))
      .orderBy(concessionProgramme.version);
    expect(history.map((v) => [v.id, v.proposedAprBp, v.reason, v.createdBy])).toEqual([
      ['history-bank@1', 800, null, null],
      ['history-bank@2', 600, revision.reason, staffUserId],
      ['history-bank@3', 700, 'Corrected rate', staffUserId],
    ]);
    const inForce = await concessionsInForce(t.db, new Date());
    expect(inForce.find((p) => p.creditorId === creditorId)?.id).toBe('history-bank@3');
  });

  it('gives two revisions made at once consecutive versions', async () => {
    const creditorId = await newCreditor('busy-bank');
    const made = await Promise.all(
      [1, 2, 3].map(() => revise({ creditorId, revision, staffUserId, at: new Date() })),
    );
    expect(made.map((m) => m.version).sort()).toEqual([2, 3, 4]);
  });

  it('leaves a version that takes effect later out of the programmes in force until then', async () => {
    const creditorId = await newCreditor('later-bank');
    const tomorrow = new Date(Date.now() + 86_400_000);
    await revise({ creditorId, revision, staffUserId, at: tomorrow });
    const inForceAt = async (at: Date) =>
      (await concessionsInForce(t.db, at)).find((p) => p.creditorId === creditorId)?.id;
    expect(await inForceAt(new Date())).toBe('later-bank@1');
    expect(await inForceAt(new Date(tomorrow.getTime() + 1))).toBe('later-bank@2');
  });

  it('answers an unknown creditor with NotFound, writing nothing', async () => {
    await expect(revise({ creditorId: 'nobody', revision, staffUserId, at: new Date() })).rejects.toSatisfy(
      (e) => e instanceof AppError && e.code === 'NotFound',
    );
  });
});
