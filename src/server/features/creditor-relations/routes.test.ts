import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#tests/setup/test-app';
import { qualifiedBorrower, signedInStaff } from '#tests/support/staff-actions';
import type { Client } from '#tests/support/borrower-flow';
import { CREDITOR_LIST_LIMIT, type CreditorDetail } from '#domain/validation/concessions';
import { creditor, concessionProgramme } from '#server/db/schema/creditors';

// The creditors in the service portal: every staff member reads them and their programmes' history; only
// creditor relations staff revise a programme, which the next decision offers on.

const lines: string[] = [];
let t: TestApp;
let counsellor: Client;
let creditorRelations: Client;
beforeAll(async () => {
  t = await createTestApp(
    { LOG_LEVEL: 'info' },
    { logStream: { write: (line: string) => void lines.push(line) } },
  );
  counsellor = (await signedInStaff(t, 'Casey Counsellor')).client;
  creditorRelations = (await signedInStaff(t, 'Robin Relations', { creditorRelations: true })).client;
});
afterAll(() => t.close());

const revision = {
  proposedAprBp: 650,
  paymentBp: 225,
  hardshipPaymentBp: 190,
  minimumPayment: 3000,
  reason: 'Agreement renewed for 2027',
};

describe('GET /api/staff/creditors', () => {
  it('lists every creditor by name with its programme in force', async () => {
    const res = await counsellor.get('/api/staff/creditors');
    expect(res.statusCode).toBe(200);
    const { items, more } = res.json() as { items: CreditorDetail[]; more: boolean };
    expect(more).toBe(false);
    const names = items.map((c) => c.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    expect(items.find((c) => c.id === 'american-express')).toMatchObject({
      name: 'American Express',
      matchNames: expect.arrayContaining(['AMEX']),
      inForce: { id: 'american-express@1', proposedAprBp: 800, paymentBp: 200, createdBy: null },
    });
  });

  it.each([
    ['a name', 'express', ['american-express']],
    ['a match word, in any case', 'syncb', ['synchrony']],
    ['LIKE wildcards taken literally', '%', []],
    ['nothing known', 'no such lender', []],
  ])('searches by %s', async (_case, search, ids) => {
    const res = await counsellor.get(`/api/staff/creditors?search=${encodeURIComponent(search)}`);
    expect(res.statusCode).toBe(200);
    expect((res.json() as { items: { id: string }[] }).items.map((c) => c.id)).toEqual(ids);
  });

  it('says when more creditors match than a list holds', async () => {
    await t.db.insert(creditor).values(
      Array.from({ length: CREDITOR_LIST_LIMIT + 1 }, (_, i) => ({
        id: `zz-bulk-${i}`,
        name: `Zz Bulk Lender ${String(i).padStart(3, '0')}`,
        matchNames: [`ZZ BULK ${i}`],
      })),
    );
    await t.db.insert(concessionProgramme).values(
      Array.from({ length: CREDITOR_LIST_LIMIT + 1 }, (_, i) => ({
        id: `zz-bulk-${i}@1`,
        creditorId: `zz-bulk-${i}`,
        version: 1,
        effectiveFrom: new Date('2020-01-01T00:00:00Z'),
        proposedAprBp: 800,
        paymentBp: 200,
        hardshipPaymentBp: 175,
        minimumPayment: 2500,
      })),
    );
    const res = await counsellor.get('/api/staff/creditors?search=zz%20bulk');
    const body = res.json() as { items: unknown[]; more: boolean };
    expect(body.items).toHaveLength(CREDITOR_LIST_LIMIT);
    expect(body.more).toBe(true);
  });

  it.each([
    ['control characters', '?search=%00%07'],
    ['a huge search', `?search=${'x'.repeat(5000)}`],
  ])('answers hostile input (%s) with 400', async (_case, query) => {
    expect((await counsellor.get(`/api/staff/creditors${query}`)).statusCode).toBe(400);
  });
});

describe('POST /api/staff/creditors/:id/programme', () => {
  it('refuses a counsellor (403): they read the programmes, creditor relations staff change them', async () => {
    const res = await counsellor.post('/api/staff/creditors/chase/programme', revision);
    expect(res.statusCode).toBe(403);
    const detail = (await counsellor.get('/api/staff/creditors/chase')).json() as CreditorDetail;
    expect(detail.versions).toHaveLength(1);
    expect(detail.canEdit).toBe(false);
  });

  it('makes the next version for creditor relations staff, shown in the history with who, when and why', async () => {
    const res = await creditorRelations.post('/api/staff/creditors/citi/programme', revision);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ id: 'citi@2', version: 2 });
    const detail = (await creditorRelations.get('/api/staff/creditors/citi')).json() as CreditorDetail;
    expect(detail.canEdit).toBe(true);
    expect(detail.inForce).toMatchObject({ id: 'citi@2', proposedAprBp: 650, reason: revision.reason });
    expect(detail.versions.map((v) => [v.id, v.proposedAprBp, v.createdBy, v.reason])).toEqual([
      ['citi@2', 650, 'Robin Relations', revision.reason],
      ['citi@1', 800, null, null],
    ]);
    expect(Date.parse(detail.versions[0]!.createdAt)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('is offered on by the next decision', async () => {
    await creditorRelations.post('/api/staff/creditors/default/programme', {
      ...revision,
      proposedAprBp: 700,
    });
    const b = await qualifiedBorrower(t, 'Nextdecision');
    const rows = await t.db.query.offer.findMany({
      where: (o, { eq }) => eq(o.applicationId, b.applicationId),
    });
    const defaults = rows.filter((o) => o.lenderConcessionId?.startsWith('default@'));
    expect(defaults.length).toBeGreaterThan(0);
    for (const o of defaults) expect([o.lenderConcessionId, o.proposedApr]).toEqual(['default@2', 700]);
  });

  it.each([
    ['a rate above 36%', { proposedAprBp: 3700 }, 'proposedAprBp', 'Plan APR must be from 0% to 36%'],
    ['no reason', { reason: '' }, 'reason', 'Reason for the change is required'],
    ['a huge number', { minimumPayment: 1e20 }, 'minimumPayment', undefined],
    ['control characters', { reason: 'a\u0000b' }, 'reason', 'Reason for the change is invalid'],
  ])('answers %s with 400 and the field message, writing nothing', async (_case, change, field, message) => {
    const res = await creditorRelations.post('/api/staff/creditors/hsbc/programme', {
      ...revision,
      ...change,
    });
    expect(res.statusCode).toBe(400);
    const fieldErrors = (res.json() as { fieldErrors: Record<string, string> }).fieldErrors;
    expect(Object.keys(fieldErrors)).toContain(field);
    if (message) expect(fieldErrors[field]).toBe(message);
    const detail = (await creditorRelations.get('/api/staff/creditors/hsbc')).json() as CreditorDetail;
    expect(detail.versions).toHaveLength(1);
  });

  it.each([
    ['an unknown creditor', '/api/staff/creditors/no-such-bank', 404],
    ['an id that is no creditor id', '/api/staff/creditors/Not%20An%20Id', 400],
    // Longer than any path parameter the server reads: refused before the route (URI too long).
    ['a huge id', `/api/staff/creditors/${'a'.repeat(500)}`, 414],
  ])('answers %s with its 4xx', async (_case, url, status) => {
    expect((await creditorRelations.get(url)).statusCode).toBe(status);
    expect((await creditorRelations.post(`${url}/programme`, revision)).statusCode).toBe(status);
  });

  it('writes nothing personal or free-typed to the logs', async () => {
    lines.length = 0;
    await creditorRelations.post('/api/staff/creditors/discover/programme', {
      ...revision,
      reason: 'Privatereason agreed with Jane',
    });
    await counsellor.get('/api/staff/creditors?search=Privatesearch');
    const log = lines.join('\n');
    expect(log).not.toContain('Privatereason');
    expect(log).not.toContain('Privatesearch');
    expect(log).not.toContain('Robin');
  });
});
