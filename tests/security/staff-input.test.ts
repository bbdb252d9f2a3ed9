import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATE_OUT_OF_RANGE_MESSAGE, INVALID_DATE_MESSAGE } from '#domain/service-portal/date-range';
import { CONTROL_CHARACTERS_MESSAGE } from '#domain/service-portal/filters';
import { newBorrower } from '#tests/support/borrower-flow';
import { signInStaff, type StaffClient } from '#tests/support/service-portal';
import { createTestApp, type TestApp } from '../setup/test-app';

// Bad filter and claim input from a staff member gets a 400 naming the field, never a 500.

let t: TestApp;
let staff: StaffClient;
beforeAll(async () => {
  t = await createTestApp();
  staff = await signInStaff(t, 'Ima Input');
});
afterAll(async () => {
  await t.close();
});

const LISTS = ['/api/staff/applications', '/api/staff/queue', '/api/staff/contact-summary'];

describe('the staff lists refuse impossible and absurd dates with 400', () => {
  it.each([
    ['an impossible date alone', 'startDate=2026-02-30', { startDate: INVALID_DATE_MESSAGE }],
    ['an impossible end date alone', 'endDate=2026-02-30', { endDate: INVALID_DATE_MESSAGE }],
    [
      'an impossible start with a real end',
      'startDate=2026-02-30&endDate=2026-03-01',
      { startDate: INVALID_DATE_MESSAGE },
    ],
    [
      'a real start with an impossible end',
      'startDate=2026-02-01&endDate=2026-02-30',
      { endDate: INVALID_DATE_MESSAGE },
    ],
    [
      'two impossible dates',
      'startDate=2026-02-31&endDate=2026-04-31',
      { startDate: INVALID_DATE_MESSAGE, endDate: INVALID_DATE_MESSAGE },
    ],
    ['the end of time', 'endDate=9999-12-31', { endDate: DATE_OUT_OF_RANGE_MESSAGE }],
    [
      'a range to the end of time',
      'startDate=2026-01-01&endDate=9999-12-31',
      { endDate: DATE_OUT_OF_RANGE_MESSAGE },
    ],
    ['a year before 1900', 'startDate=1899-12-31', { startDate: DATE_OUT_OF_RANGE_MESSAGE }],
    ['a year after 2100', 'startDate=2101-01-01', { startDate: DATE_OUT_OF_RANGE_MESSAGE }],
    ['year zero', 'startDate=0000-01-01', { startDate: expect.any(String) }],
  ])('%s (%s)', async (_name, query, fieldErrors) => {
    for (const list of LISTS) {
      const res = await staff.client.get(`${list}?${query}`);
      expect(res.statusCode, `${list}?${query}: ${res.body}`).toBe(400);
      expect(res.json()).toMatchObject({ code: 'ValidationError', fieldErrors });
    }
  });

  it('still accepts the first and last allowed days', async () => {
    for (const list of LISTS) {
      const res = await staff.client.get(`${list}?startDate=1900-01-01&endDate=2100-12-31`);
      expect(res.statusCode, `${list}: ${res.body}`).toBe(200);
    }
  });
});

describe('the staff lists refuse control characters in their free text with 400', () => {
  it.each([
    ['/api/staff/queue?searchValue=a%00b', 'searchValue'],
    ['/api/staff/queue?searchValue=%1b%5b2J', 'searchValue'],
    ['/api/staff/contact-summary?contactedBy=a%00b', 'contactedBy'],
  ])('%s', async (url, field) => {
    const res = await staff.client.get(url);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().fieldErrors).toEqual({ [field]: CONTROL_CHARACTERS_MESSAGE });
  });
});

describe('claim and unclaim refuse a version the database cannot hold with 400', () => {
  it.each([2 ** 31, 2 ** 53, 1e300, -1, 1.5])('version %d', async (version) => {
    const b = await newBorrower(t);
    for (const action of ['claim', 'unclaim']) {
      const res = await staff.client.post(`/api/staff/applications/${b.applicationId}/${action}`, {
        version,
      });
      expect(res.statusCode, `${action} ${version}: ${res.body}`).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'ValidationError',
        fieldErrors: { version: 'version is invalid' },
      });
    }
  });

  it('still claims with the largest version a row can have, answering 409 as it is not the current one', async () => {
    const b = await newBorrower(t);
    const res = await staff.client.post(`/api/staff/applications/${b.applicationId}/claim`, {
      version: 2 ** 31 - 1,
    });
    expect(res.statusCode, res.body).toBe(409);
  });
});

describe('an offer answer refuses a version the database cannot hold with 400', () => {
  it.each([2 ** 31, 1e300, -1, 1.5])('version %d', async (version) => {
    // The version is checked before the offer is looked up, so any offer id shows it.
    const res = await staff.client.post(`/api/staff/offers/${crypto.randomUUID()}/status`, {
      version,
      status: 'declined',
      reasons: ['other'],
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().fieldErrors).toMatchObject({ version: 'version is invalid' });
  });
});
