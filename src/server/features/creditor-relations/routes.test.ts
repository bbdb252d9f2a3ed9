import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#tests/setup/test-app';
import { qualifiedBorrower, signedInStaff } from '#tests/support/staff-actions';
import type { Client } from '#tests/support/borrower-flow';
import { CREDITOR_LIST_LIMIT, type CreditorDetail } from '#domain/validation/concessions';
import { eq } from 'drizzle-orm';
import { creditor, concessionProgramme, creditorDetailsChange } from '#server/db/schema/creditors';

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
  maxTermMonths: 60,
  fairShareBp: 0,
  silentDefault: 'accepted' as const,
  silentAfterDays: 30,
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

  it("is offered on by the next decision, within the programme's maximum term", async () => {
    const res = await creditorRelations.post('/api/staff/creditors/default/programme', {
      ...revision,
      proposedAprBp: 700,
      maxTermMonths: 24,
      fairShareBp: 800,
      silentDefault: 'declined',
      silentAfterDays: 45,
    });
    expect(res.statusCode, res.body).toBe(201);
    const detail = (await counsellor.get('/api/staff/creditors/default')).json() as CreditorDetail;
    expect(detail.inForce).toMatchObject({
      maxTermMonths: 24,
      fairShareBp: 800,
      silentDefault: 'declined',
      silentAfterDays: 45,
    });
    expect(detail.versions[1]).toMatchObject({
      maxTermMonths: 60,
      fairShareBp: 0,
      silentDefault: 'accepted',
      silentAfterDays: 30,
    });
    const b = await qualifiedBorrower(t, 'Nextdecision');
    const rows = await t.db.query.offer.findMany({
      where: (o, { eq }) => eq(o.applicationId, b.applicationId),
    });
    const defaults = rows.filter((o) => o.lenderConcessionId?.startsWith('default@'));
    expect(defaults.length).toBeGreaterThan(0);
    for (const o of defaults) {
      expect([o.lenderConcessionId, o.proposedApr]).toEqual(['default@2', 700]);
      expect(o.term).toBeLessThanOrEqual(24);
    }
    // At least one would have run longer: its payment was raised to end within the 24 months.
    expect(defaults.some((o) => o.term === 24)).toBe(true);
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

describe('POST /api/staff/creditors/:id/details', () => {
  const details = {
    addressLine1: 'PO Box 6294',
    addressLine2: 'Attn: Consumer Credit Counseling',
    city: 'Carol Stream',
    state: 'IL',
    zipCode: '60197',
    paysByCheck: true,
    paysByAch: true,
    routingNumber: '021000021',
    accountNumber: '998877665544',
    proposalChannel: 'email',
    proposalEmail: 'dmp-proposals@issuer.example.com',
    responseDays: 14,
    concessionsAfterPayments: 3,
    reason: 'Remittance details from the issuer',
  };

  it('starts empty: the shipped creditors come with terms, not addresses', async () => {
    const detail = (await counsellor.get('/api/staff/creditors/wells-fargo')).json() as CreditorDetail;
    expect(detail.details).toEqual({
      addressLine1: null,
      addressLine2: null,
      city: null,
      state: null,
      zipCode: null,
      paysByCheck: false,
      paysByAch: false,
      routingNumberLast4: null,
      accountNumberLast4: null,
      proposalChannel: null,
      proposalEmail: null,
      responseDays: null,
      concessionsAfterPayments: null,
    });
    expect(detail.detailsHistory).toEqual([]);
  });

  it('refuses a counsellor (403), writing nothing', async () => {
    const res = await counsellor.post('/api/staff/creditors/us-bank/details', details);
    expect(res.statusCode).toBe(403);
    const detail = (await counsellor.get('/api/staff/creditors/us-bank')).json() as CreditorDetail;
    expect(detail.details.addressLine1).toBeNull();
    expect(detail.detailsHistory).toEqual([]);
  });

  it('saves the details, the ACH numbers sealed and shown by their last four, with who, when, why, before and after', async () => {
    const res = await creditorRelations.post('/api/staff/creditors/capital-one/details', details);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ changed: true });

    const detail = (await counsellor.get('/api/staff/creditors/capital-one')).json() as CreditorDetail;
    expect(detail.details).toEqual({
      addressLine1: 'PO Box 6294',
      addressLine2: 'Attn: Consumer Credit Counseling',
      city: 'Carol Stream',
      state: 'IL',
      zipCode: '60197',
      paysByCheck: true,
      paysByAch: true,
      routingNumberLast4: '0021',
      accountNumberLast4: '5544',
      proposalChannel: 'email',
      proposalEmail: 'dmp-proposals@issuer.example.com',
      responseDays: 14,
      concessionsAfterPayments: 3,
    });
    expect(detail.detailsHistory).toHaveLength(1);
    const [change] = detail.detailsHistory;
    expect(change).toMatchObject({
      changedBy: 'Robin Relations',
      reason: details.reason,
      before: { addressLine1: null, routingNumberLast4: null, paysByAch: false },
      after: detail.details,
    });
    expect(Date.parse(change!.createdAt)).toBeGreaterThan(Date.now() - 60_000);

    // At rest: the numbers sealed in the creditor row, and nowhere in clear, history included.
    const [row] = await t.db.select().from(creditor).where(eq(creditor.id, 'capital-one'));
    expect(row!.achRoutingNumber).toMatch(/^v2\./);
    expect(row!.achAccountNumber).toMatch(/^v2\./);
    expect(t.cipher.decrypt(row!.achAccountNumber!)).toBe('998877665544');
    const history = await t.db
      .select()
      .from(creditorDetailsChange)
      .where(eq(creditorDetailsChange.creditorId, 'capital-one'));
    const stored = JSON.stringify([row, history]);
    expect(stored).not.toContain('021000021');
    expect(stored).not.toContain('998877665544');
  });

  it('keeps the stored ACH numbers when none are typed, and records only a change that changes something', async () => {
    await creditorRelations.post('/api/staff/creditors/discover/details', details);
    const moved = {
      ...details,
      addressLine1: 'PO Box 30943',
      routingNumber: '',
      accountNumber: '',
      reason: 'Moved',
    };
    expect((await creditorRelations.post('/api/staff/creditors/discover/details', moved)).json()).toEqual({
      changed: true,
    });
    expect((await creditorRelations.post('/api/staff/creditors/discover/details', moved)).json()).toEqual({
      changed: false,
    });
    const detail = (await creditorRelations.get('/api/staff/creditors/discover')).json() as CreditorDetail;
    expect(detail.details).toMatchObject({ addressLine1: 'PO Box 30943', accountNumberLast4: '5544' });
    expect(detail.detailsHistory.map((c) => [c.reason, c.before.addressLine1, c.after.addressLine1])).toEqual(
      [
        ['Moved', 'PO Box 6294', 'PO Box 30943'],
        [details.reason, null, 'PO Box 6294'],
      ],
    );
  });

  it('drops the ACH numbers when the creditor no longer takes ACH', async () => {
    await creditorRelations.post('/api/staff/creditors/hsbc/details', details);
    await creditorRelations.post('/api/staff/creditors/hsbc/details', {
      ...details,
      paysByAch: false,
      reason: 'Checks only now',
    });
    const [row] = await t.db.select().from(creditor).where(eq(creditor.id, 'hsbc'));
    expect([row!.paysByAch, row!.achRoutingNumber, row!.achAccountNumber]).toEqual([false, null, null]);
  });

  it.each([
    [
      'ACH with no numbers stored or typed',
      { routingNumber: '', accountNumber: '' },
      { routingNumber: 'Routing Number is required', accountNumber: 'Account Number is required' },
    ],
    [
      'a routing number failing its check digit',
      { routingNumber: '021000022' },
      { routingNumber: 'Routing Number is invalid' },
    ],
    ['control characters', { city: 'Carol\u0000Stream' }, { city: 'City is invalid' }],
    ['a huge number', { responseDays: 1e300 }, { responseDays: 'Usual response time (days) is invalid' }],
    [
      'a number as text',
      { concessionsAfterPayments: '3' },
      { concessionsAfterPayments: 'On-time payments before concessions is invalid' },
    ],
    ['an impossible state', { state: 'ZZ' }, { state: 'State is invalid' }],
    ['no reason', { reason: '' }, { reason: 'Reason for the change is required' }],
  ])('answers %s with 400 and the field message, writing nothing', async (_case, change, errors) => {
    const res = await creditorRelations.post('/api/staff/creditors/bank-of-america/details', {
      ...details,
      ...change,
    });
    expect(res.statusCode).toBe(400);
    expect((res.json() as { fieldErrors: Record<string, string> }).fieldErrors).toMatchObject(errors);
    const detail = (
      await creditorRelations.get('/api/staff/creditors/bank-of-america')
    ).json() as CreditorDetail;
    expect(detail.detailsHistory).toEqual([]);
    expect(detail.details.addressLine1).toBeNull();
  });

  it.each([
    ['an unknown creditor', '/api/staff/creditors/no-such-bank/details', 404],
    ['an id that is no creditor id', '/api/staff/creditors/Not%20An%20Id/details', 400],
    ['a huge id', `/api/staff/creditors/${'a'.repeat(500)}/details`, 414],
  ])('answers %s with its 4xx', async (_case, url, status) => {
    expect((await creditorRelations.post(url, details)).statusCode).toBe(status);
  });

  it('writes no number, address, email or reason to the logs', async () => {
    lines.length = 0;
    await creditorRelations.post('/api/staff/creditors/synchrony/details', {
      ...details,
      addressLine1: 'Privateaddress 1',
      reason: 'Privatereason from Jane',
    });
    await creditorRelations.post('/api/staff/creditors/synchrony/details', {
      ...details,
      routingNumber: '021000022',
      reason: 'Privatereason again',
    });
    const log = lines.join('\n');
    for (const secret of [
      '021000021',
      '021000022',
      '998877665544',
      'Privateaddress',
      'Privatereason',
      'issuer.example.com',
    ]) {
      expect(log).not.toContain(secret);
    }
  });
});
