import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { householdBody, newBorrower, put, uniqueEmail, type Client } from '#tests/support/borrower-flow';
import { applicationIn, signedInStaff } from '#tests/support/staff-actions';
import { account, user, verification } from '#server/db/schema/auth';
import { application, borrower, hardship, spouse } from '#server/db/schema/application';
import { contactAttempt, contactAttemptReason } from '#server/db/schema/service-work';
import { creditorAccount } from '#server/db/schema/credit';
import { offer, offerStatusChange } from '#server/db/schema/decision';
import { auditLog, emailOutbox, smsOutbox } from '#server/db/schema/ops';
import { createTestApp, type TestApp } from '../setup/test-app';

// Text nobody types (NUL and the other control characters, bidirectional overrides, lone surrogates) sent to
// every route that takes free text, as the role that may call it at the step where it is taken: each answers
// 400 with the field's message, never 500, and the database is left as it was. Each route then takes a clean
// value, which shows the 400s came from the characters and not from a wrong step.

let t: TestApp;
let staff: Awaited<ReturnType<typeof signedInStaff>>;
beforeAll(async () => {
  t = await createTestApp();
  staff = await signedInStaff(t, 'Hostile Text');
});
afterAll(async () => {
  await t.close();
});

/** Refused in every text field: on one line and in a text area. */
const REFUSED_EVERYWHERE: [name: string, value: string][] = [
  ['NUL', 'x\u0000y'],
  ['start of heading', 'x\u0001y'],
  ['bell', 'x\u0007y'],
  ['vertical tab', 'x\u000by'],
  ['escape', 'x\u001b[31my'],
  ['unit separator', 'x\u001fy'],
  ['DEL', 'x\u007fy'],
  ['a C1 control (NEL)', 'x\u0085y'],
  ['left-to-right embedding', 'x\u202ay'],
  ['right-to-left override', 'x\u202ey'],
  ['first-strong isolate', 'x\u2068y'],
  ['pop-directional isolate', 'x\u2069y'],
  ['a lone high surrogate', 'x\ud800y'],
  ['a lone low surrogate', 'x\udc00y'],
];
/** Refused on one line, kept in a text area (a memo, a contact attempt's notes). */
const LINE_BREAKS: [name: string, value: string][] = [
  ['tab', 'x\ty'],
  ['line feed', 'x\ny'],
  ['carriage return', 'x\ry'],
];
const REFUSED_ON_ONE_LINE = [...REFUSED_EVERYWHERE, ...LINE_BREAKS];
/** What a query string can carry (a lone surrogate cannot be percent-encoded). */
const REFUSED_IN_QUERIES = REFUSED_ON_ONE_LINE.filter(([name]) => !name.includes('surrogate'));

/** Every row a refused request could have written: accounts, applications, staff work, outboxes, audit. */
const WATCHED = {
  user,
  account,
  verification,
  application,
  borrower,
  spouse,
  hardship,
  contactAttempt,
  contactAttemptReason,
  creditorAccount,
  offer,
  offerStatusChange,
  auditLog,
  emailOutbox,
  smsOutbox,
};
async function snapshot() {
  const out: Record<string, unknown[]> = {};
  for (const [name, table] of Object.entries(WATCHED)) out[name] = await t.db.select().from(table);
  return out;
}

type Answer = { statusCode: number; body: string; json: () => { fieldErrors?: Record<string, string> } };

/** Sends a hostile request: 400 with exactly these field messages, and nothing written. */
async function refused(send: () => Promise<Answer>, fieldErrors: Record<string, string>) {
  const before = await snapshot();
  const res = await send();
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json()).toMatchObject({ code: 'ValidationError', fieldErrors });
  expect(Object.keys(res.json().fieldErrors ?? {}).sort()).toEqual(Object.keys(fieldErrors).sort());
  expect(await snapshot()).toEqual(before);
}

const lead = (email: string, extra: Record<string, unknown> = {}) => ({
  firstName: 'Pat',
  lastName: 'Doe',
  email,
  phoneNumber: '415-555-0123',
  agreedToTerms: true,
  ...extra,
});

describe('POST /api/lead (anonymous)', () => {
  it.each(REFUSED_ON_ONE_LINE)('refuses a %s in the first and last name', async (_name, value) => {
    await refused(
      () => t.client().post('/api/lead', lead(uniqueEmail(), { firstName: value, lastName: value })),
      {
        firstName: 'First name is invalid',
        lastName: 'Last name is invalid',
      },
    );
  });

  it.each(REFUSED_ON_ONE_LINE)('refuses a %s in each utm parameter', async (_name, value) => {
    const utm = {
      utmCampaign: value,
      utmContent: value,
      utmMedium: value,
      utmSource: value,
      utmTerm: value,
    };
    await refused(() => t.client().post('/api/lead', lead(uniqueEmail(), { utm })), {
      'utm.utmCampaign': 'utmCampaign is invalid',
      'utm.utmContent': 'utmContent is invalid',
      'utm.utmMedium': 'utmMedium is invalid',
      'utm.utmSource': 'utmSource is invalid',
      'utm.utmTerm': 'utmTerm is invalid',
    });
  });

  it.each(REFUSED_ON_ONE_LINE)('refuses a %s in the email', async (_name, value) => {
    await refused(() => t.client().post('/api/lead', lead(`pat.${value}@example.com`)), {
      email: 'Email address is invalid',
    });
  });

  it('takes the clean lead', async () => {
    const res = await t.client().post('/api/lead', lead(uniqueEmail(), { utm: { utmSource: 'spring' } }));
    expect(res.statusCode, res.body).toBe(201);
  });
});

describe('sign-in, forgot password, complete-new-password and change email', () => {
  it.each(REFUSED_ON_ONE_LINE)('sign-in refuses a %s in the username', async (_name, value) => {
    await refused(
      () =>
        t
          .client()
          .post('/api/auth/sign-in', { username: `pat${value}@example.com`, password: 'Better#Pass1' }),
      { username: 'Email address is invalid' },
    );
  });

  it.each(REFUSED_ON_ONE_LINE)('forgot password refuses a %s in the email', async (_name, value) => {
    await refused(() => t.client().post('/api/auth/forgot-password', { email: `pat${value}@example.com` }), {
      email: 'Email address is invalid',
    });
  });

  it('complete-new-password refuses hostile names; change email a hostile address', async () => {
    // A lead's borrower is signed in and still has to set the first password.
    const b = await newBorrower(t);
    for (const [, value] of REFUSED_ON_ONE_LINE) {
      await refused(
        () =>
          b.client.post('/api/auth/complete-new-password', {
            firstName: value,
            lastName: value,
            phoneNumber: '415-555-0123',
            password: 'Better#Pass1',
            confirmPassword: 'Better#Pass1',
          }),
        { firstName: 'First name is invalid', lastName: 'Last name is invalid' },
      );
      const email = `new${value}@example.com`;
      await refused(() => b.client.post('/api/auth/change-email', { email, confirmEmail: email }), {
        email: 'New email address is invalid',
        confirmEmail: 'Confirm new email address is invalid',
      });
    }
  });
});

describe('PUT /api/application/household (the borrower at /household)', () => {
  let b: Awaited<ReturnType<typeof newBorrower>>;
  beforeAll(async () => {
    b = await newBorrower(t);
    const res = await put(b.client, '/api/application/hardships', { hasReductionInIncome: true });
    expect(res.statusCode, res.body).toBe(200);
  });

  const LABELS = {
    firstName: 'First name',
    lastName: 'Last name',
    addressLine1: 'Street address',
    addressLine2: 'Address line 2',
    city: 'City',
  } as const;
  const FIELDS = Object.keys(LABELS) as (keyof typeof LABELS)[];
  const spouseBody = {
    firstName: 'Sam',
    lastName: 'Doe',
    email: 'sam.doe@example.com',
    phoneNumber: '415-555-0199',
    dateOfBirth: '06-01-1986',
    hasSameAddressAsBorrower: false,
    addressLine1: '9 Elm St',
    city: 'Springfield',
    state: 'IL',
    zipCode: '62701',
  };
  const send = (client: Client, borrowerFields: object, spouseFields: object) => {
    const base = householdBody('Doe');
    return put(
      client,
      '/api/application/household',
      householdBody('Doe', {
        borrower: { ...base.borrower, ...borrowerFields },
        hasSpouse: true,
        spouse: { ...spouseBody, ...spouseFields },
      }),
    );
  };

  it.each(REFUSED_ON_ONE_LINE)('refuses a %s in every name and address field', async (_name, value) => {
    for (const field of FIELDS) {
      await refused(() => send(b.client, { [field]: value }, {}), {
        [`borrower.${field}`]: `${LABELS[field]} is invalid`,
      });
      await refused(() => send(b.client, {}, { [field]: value }), {
        [`spouse.${field}`]: `${LABELS[field]} is invalid`,
      });
    }
    await refused(() => send(b.client, {}, { email: `sam${value}@example.com` }), {
      'spouse.email': 'Email address is invalid',
    });
  });

  it('takes the clean household', async () => {
    const res = await send(b.client, { addressLine2: 'Apt 4' }, {});
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe('GET /api/address-suggestions (a borrower typing an address)', () => {
  it.each(REFUSED_IN_QUERIES)('refuses a %s in the query', async (_name, value) => {
    const b = await newBorrower(t);
    await refused(() => b.client.get(`/api/address-suggestions?query=${encodeURIComponent(`1 ${value}`)}`), {
      query: 'Street address is invalid',
    });
  });

  it('never answers 500 to bytes that are not UTF-8, and takes a clean query', async () => {
    const b = await newBorrower(t);
    for (const raw of ['%ED%A0%80', '%FF', '%C0%80']) {
      const res = await b.client.get(`/api/address-suggestions?query=1${raw}`);
      expect(res.statusCode, `${raw}: ${res.body}`).toBeLessThan(500);
    }
    expect((await b.client.get('/api/address-suggestions?query=1%20Main')).statusCode).toBe(200);
  });
});

describe('GET /api/staff/queue (a signed-in staff member searching)', () => {
  // The search's own rule refuses C0 controls and DEL (a search may hold right-to-left text).
  const isC0OrDel = (c: string) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f;
  const CONTROLS = REFUSED_IN_QUERIES.filter(([, value]) => [...value].some(isC0OrDel));
  it.each(CONTROLS)('refuses a %s in searchValue', async (_name, value) => {
    const before = await snapshot();
    const res = await staff.client.get(`/api/staff/queue?searchValue=${encodeURIComponent(value)}`);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'ValidationError',
      fieldErrors: { searchValue: expect.any(String) },
    });
    expect(await snapshot()).toEqual(before);
  });

  it('never answers 500 to a bidi character or bytes that are not UTF-8, and takes a clean search', async () => {
    for (const raw of [encodeURIComponent('\u202e'), '%ED%A0%80', '%FF']) {
      const res = await staff.client.get(`/api/staff/queue?searchValue=doe${raw}`);
      expect(res.statusCode, `${raw}: ${res.body}`).toBeLessThan(500);
    }
    expect((await staff.client.get('/api/staff/queue?searchValue=doe')).statusCode).toBe(200);
  });
});

describe('POST /api/staff/applications/:id/contact-attempts (staff)', () => {
  const body = (notes: string) => ({ method: 'phone', outcome: 'leftVoicemail', notes });

  it.each(REFUSED_EVERYWHERE)("refuses a %s in an attempt's notes", async (_name, value) => {
    const b = await newBorrower(t);
    await refused(
      () => staff.client.post(`/api/staff/applications/${b.applicationId}/contact-attempts`, body(value)),
      { notes: 'Notes is invalid' },
    );
  });

  it.each(LINE_BREAKS)("keeps a %s in an attempt's notes", async (_name, value) => {
    const b = await newBorrower(t);
    const res = await staff.client.post(
      `/api/staff/applications/${b.applicationId}/contact-attempts`,
      body(value),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ outcome: 'leftVoicemail', notes: value });
  });
});

describe('POST /api/staff/offers/:id/status and mark-transferred (staff)', () => {
  const check = {
    isAch: false,
    addressLine1: '1 Bank Plaza',
    addressLine2: 'Floor 2',
    city: 'Wilmington',
    state: 'DE',
    zipCode: '19801',
    memo: 'Plan payments',
  };

  it('refuses hostile text in the creditor address and memo, then takes a multi-line memo', async () => {
    const a = await applicationIn(t, 'creditorReview');
    const offerId = a.offers[0]!.id;
    const accept = (creditor: object) =>
      staff.client.post(`/api/staff/offers/${offerId}/status`, {
        version: 0,
        status: 'accepted',
        creditorAccount: { ...check, ...creditor },
      });
    for (const [, value] of REFUSED_ON_ONE_LINE) {
      await refused(() => accept({ addressLine1: value, addressLine2: value, city: value }), {
        'creditorAccount.addressLine1': 'Address line 1 is invalid',
        'creditorAccount.addressLine2': 'Address line 2 is invalid',
        'creditorAccount.city': 'City is invalid',
      });
    }
    for (const [, value] of REFUSED_EVERYWHERE) {
      await refused(() => accept({ memo: value }), { 'creditorAccount.memo': 'Memo is invalid' });
    }
    const res = await accept({ memo: 'Plan payments\nAcct ending 1234' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().offer.creditorAccount.memo).toBe('Plan payments\nAcct ending 1234');
  });

  it('refuses hostile text in the partner CRM id', async () => {
    const a = await applicationIn(t, 'transfer');
    for (const [, value] of REFUSED_ON_ONE_LINE) {
      await refused(
        () =>
          staff.client.post(`/api/staff/applications/${a.applicationId}/mark-transferred`, {
            partnerCrmId: value,
          }),
        { partnerCrmId: 'Partner CRM ID is invalid' },
      );
    }
    const res = await staff.client.post(`/api/staff/applications/${a.applicationId}/mark-transferred`, {
      partnerCrmId: 'HL-10442',
    });
    expect(res.statusCode, res.body).toBe(200);
  });
});
