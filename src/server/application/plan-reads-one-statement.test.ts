import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import type { Reader } from '#server/db/client';
import * as schema from '#server/db/schema/index';
import { createTestApp, type TestApp } from '#tests/setup/test-app';
import { qualifiedBorrower } from '#tests/support/staff-actions';
import { budgetRoomOf } from './plan-fit';
import { loadPlanTerms } from './plan-terms';

// The plan's rows (the newest decision with its offers, the borrower's state, the newest authorization) are read
// in one statement, and so are the expense lines with the agreed budget: the offer page, the acceptance,
// /submitted, the letter and My plan all read them, and each statement is a round trip that costs the server's
// CPU. Split back into several reads, these counts fail.

let t: TestApp;
const statements: string[] = [];
let counted: Reader;

beforeAll(async () => {
  t = await createTestApp();
  // The test app's own database, through a second handle that notes each statement it sends.
  const logger = { logQuery: (query: string) => void statements.push(query) };
  const client = (t.db as unknown as { $client: unknown }).$client;
  counted =
    t.database.kind === 'pglite'
      ? (drizzlePglite({ client: client as PGlite, schema, logger }) as unknown as Reader)
      : (drizzlePg({ client: client as pg.Pool, schema, logger }) as unknown as Reader);
});
afterAll(async () => t?.close());

describe('the plan as the pages state it', () => {
  it('is read in one statement, with the same rows as before', async () => {
    const b = await qualifiedBorrower(t, 'OneRead');
    statements.length = 0;
    const plan = await loadPlanTerms(counted, b.applicationId, { today: t.today() });
    expect(statements).toHaveLength(1);
    expect(plan.decision?.isQualified).toBe(true);
    expect(plan.offers.length).toBeGreaterThan(0);
    expect(plan.offers.every((x) => x.decisionId === plan.decision!.id)).toBe(true);
    expect(plan.offers.some((x) => x.debt !== null || x.collection !== null)).toBe(true);
    expect(plan.decision!.createdAt).toBeInstanceOf(Date);
    expect(plan.state).not.toBeNull();
    // No authorization before the acceptance.
    expect(plan.authorization).toBeNull();
    expect(plan.terms.monthlyDraft).toBeGreaterThan(0);

    statements.length = 0;
    const room = await budgetRoomOf(counted, b.applicationId, plan.decision);
    expect(statements).toHaveLength(1);
    expect(room?.agreed).toBe(false);
  });

  it('answers no plan for an application that has none', async () => {
    statements.length = 0;
    const plan = await loadPlanTerms(counted, '00000000-0000-4000-8000-000000000000');
    expect(statements).toHaveLength(1);
    expect(plan).toMatchObject({ decision: null, offers: [], state: null, authorization: null });
  });
});
