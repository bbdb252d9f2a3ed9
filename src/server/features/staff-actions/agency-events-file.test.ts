import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  AGENCY_EVENTS_FILE_COLUMNS,
  AGENCY_EVENTS_FILE_MAX_BYTES,
  AGENCY_EVENTS_FILE_MAX_ROWS,
  AGENCY_EVENTS_FILE_TOO_LARGE,
  AGENCY_EVENTS_FILE_TOO_MANY_ROWS,
  type AgencyEventsFileReport,
} from '#domain/validation/agency-events-file';
import { planLedgerOf, recordAgencyEvent } from '#server/application/agency-ledger';
import type { Db } from '#server/db/client';
import { agencyEvent } from '#server/db/schema/agency-events';
import { newBorrower, type Client } from '#tests/support/borrower-flow';
import { enrolledPlan } from '#tests/support/enrolled-plan';
import { signedInStaff } from '#tests/support/staff-actions';
import { createTestApp, type TestApp } from '#tests/setup/test-app';
import {
  agencyEventOfRow,
  agencyEventsImportCommand,
  formatAgencyEventsFileReport,
  importAgencyEventsFile,
  readAgencyEventsFile,
  type RecordAgencyEvent,
} from './agency-events-file';
import { AGENCY_EVENTS_FILE_SUPERVISORS_ONLY_MESSAGE } from './routes';

// The agency's daily events file: each row validated as the signed API's events are and recorded once, with a
// report of what was applied, skipped as already known and refused (with the row and why); a file that cannot
// be read as a whole is refused before anything is recorded. Through the service portal's upload (supervisors
// only) and through the command's function.

const URL = '/api/staff/agency-events/file';
const UNKNOWN_PLAN = '00000000-0000-4000-8000-000000000000';
let t: TestApp;
let plan: { applicationId: string; offerId: string };
let supervisor: Client;
let counsellor: Client;
let borrower: Client;

/** The ledger's recorder as the command gives it, with nobody to hear of the alerts (no borrower emailed). */
const recordWithoutNotices =
  (db: Db): RecordAgencyEvent =>
  (event, source) =>
    recordAgencyEvent(db, event, source, null);

beforeAll(async () => {
  t = await createTestApp();
  plan = await enrolledPlan(t.db);
  supervisor = (await signedInStaff(t, 'Sandy Supervisor', { supervisor: true })).client;
  counsellor = (await signedInStaff(t, 'Casey Counsellor')).client;
  borrower = (await newBorrower(t)).client;
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.db.delete(agencyEvent);
});

/** A CSV line from cells: quoted where needed, as a spreadsheet writes it. */
const line = (cells: readonly string[]) =>
  cells.map((c) => (/[",\n\r]/.test(c) ? `"${c.replaceAll('"', '""')}"` : c)).join(',');

/** A row with the named cells filled and the others empty, under the full header. */
const row = (cells: Record<string, string>) =>
  line(AGENCY_EVENTS_FILE_COLUMNS.map((name) => cells[name] ?? ''));
const HEADER = line(AGENCY_EVENTS_FILE_COLUMNS);

const envelope = (id: string, type: string, applicationId = '') => ({
  id,
  applicationId: applicationId || plan.applicationId,
  occurredAt: '2026-12-16T12:00:00Z',
  type,
});

/** A file that mixes good, duplicate and bad rows; the comment on each is the line it is on. */
function mixedFile() {
  const scheduled = row({
    ...envelope('evt-d1-scheduled', 'draft.scheduled'),
    draftId: 'D-1',
    amount: '31200',
    scheduledFor: '2026-12-15',
  });
  const sent = row({
    ...envelope('evt-p1-sent', 'disbursement.sent'),
    disbursementId: 'P-1',
    offerId: plan.offerId,
    draftId: 'D-1',
    amount: '9800',
    method: 'electronic',
    traceNumber: '021000020000001',
    sentOn: '2026-12-17',
  });
  return [
    HEADER, // 1
    scheduled, // 2: applied
    sent, // 3: applied
    scheduled, // 4: the same event again: already known
    sent.replace(',9800,', ',9900,'), // 5: the same id, another amount: conflict
    row({
      ...envelope('evt-bad-amount', 'draft.settled'),
      draftId: 'D-1',
      amount: '312.00',
      settledOn: '2026-12-16',
    }), // 6
    row({ ...envelope('evt-bad-day', 'draft.settled'), draftId: 'D-1', settledOn: '2026-02-30' }), // 7
    row({ ...envelope('evt-control', 'draft.settled'), draftId: 'D-\u00071', settledOn: '2026-12-16' }), // 8
    row({
      ...envelope('evt-huge', 'draft.scheduled'),
      draftId: 'D-2',
      amount: '99999999999999999999999',
      scheduledFor: '2027-01-15',
    }), // 9
    row({
      ...envelope('evt-no-plan', 'draft.scheduled', UNKNOWN_PLAN),
      draftId: 'D-9',
      amount: '100',
      scheduledFor: '2027-01-15',
    }), // 10
    row({
      ...envelope('evt-wrong-field', 'draft.settled'),
      draftId: 'D-1',
      settledOn: '2026-12-16',
      balance: '5',
    }), // 11
    '', // 12: blank, not a row
    row({
      ...envelope('evt-balance', 'creditor.balance_reported'),
      offerId: plan.offerId,
      balance: '410200',
      asOf: '2026-12-20',
    }), // 13
    'evt-short,too,few', // 14
    row({ ...envelope('evt-no-type', 'draft.bounced'), draftId: 'D-1' }), // 15
    row({
      ...envelope('evt-check', 'disbursement.sent'),
      disbursementId: 'P-2',
      offerId: UNKNOWN_PLAN,
      amount: '100',
      method: 'check',
      checkNumber: '1001',
      sentOn: '2026-12-17',
    }), // 16
  ].join('\r\n');
}

const EXPECTED: AgencyEventsFileReport['results'] = [
  { row: 2, eventId: 'evt-d1-scheduled', outcome: 'applied', reason: null },
  { row: 3, eventId: 'evt-p1-sent', outcome: 'applied', reason: null },
  { row: 4, eventId: 'evt-d1-scheduled', outcome: 'alreadyKnown', reason: null },
  {
    row: 5,
    eventId: 'evt-p1-sent',
    outcome: 'refused',
    reason: 'id: This event id was already used for another event.',
  },
  {
    row: 6,
    eventId: 'evt-bad-amount',
    outcome: 'refused',
    reason: 'amount: Must be a whole number of cents.',
  },
  { row: 7, eventId: 'evt-bad-day', outcome: 'refused', reason: 'settledOn: Must be a date (yyyy-mm-dd).' },
  {
    row: 8,
    eventId: 'evt-control',
    outcome: 'refused',
    reason: 'draftId: Must not contain control characters.',
  },
  { row: 9, eventId: 'evt-huge', outcome: 'refused', reason: 'amount: Must be at most 100000000 cents.' },
  {
    row: 10,
    eventId: 'evt-no-plan',
    outcome: 'refused',
    reason: 'applicationId: No plan has this application id.',
  },
  {
    row: 11,
    eventId: 'evt-wrong-field',
    outcome: 'refused',
    reason: 'balance: Not a field of draft.settled events; leave it empty.',
  },
  { row: 13, eventId: 'evt-balance', outcome: 'applied', reason: null },
  {
    row: 14,
    eventId: 'evt-short',
    outcome: 'refused',
    reason: `The row has 3 cells; the header has ${AGENCY_EVENTS_FILE_COLUMNS.length}.`,
  },
  {
    row: 15,
    eventId: 'evt-no-type',
    outcome: 'refused',
    reason:
      'type: Must be one of draft.scheduled, draft.settled, draft.returned, disbursement.sent, ' +
      'disbursement.posted, disbursement.rejected, creditor.balance_reported.',
  },
  {
    row: 16,
    eventId: 'evt-check',
    outcome: 'refused',
    reason: 'offerId: This plan has no creditor with this offer id.',
  },
];

const upload = (client: Client, content: string, fileName = 'agency-2026-12-20.csv') =>
  client.post(URL, { fileName, content });

describe('the service portal upload', () => {
  it('records the good rows, skips the known ones and refuses the bad ones, each with its row and reason', async () => {
    const res = await upload(supervisor, mixedFile());
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json() as AgencyEventsFileReport;
    expect(report).toMatchObject({
      fileName: 'agency-2026-12-20.csv',
      rows: 14,
      applied: 3,
      alreadyKnown: 1,
      refused: 10,
    });
    expect(report.results).toEqual(EXPECTED);

    // Each recorded event keeps its file and row; the first of a repeated id stands.
    const rows = await t.db
      .select({ key: agencyEvent.eventKey, source: agencyEvent.source, body: agencyEvent.body })
      .from(agencyEvent)
      .orderBy(asc(agencyEvent.source));
    expect(rows.map((r) => [r.key, r.source])).toEqual([
      ['evt-balance', 'file:agency-2026-12-20.csv:13'],
      ['evt-d1-scheduled', 'file:agency-2026-12-20.csv:2'],
      ['evt-p1-sent', 'file:agency-2026-12-20.csv:3'],
    ]);
    const ledger = await planLedgerOf(t.db, plan.applicationId);
    expect(ledger.drafts).toMatchObject([{ draftId: 'D-1', status: 'scheduled', amount: 31_200 }]);
    expect(ledger.disbursements).toMatchObject([
      { disbursementId: 'P-1', amount: 9_800, method: 'electronic', traceNumber: '021000020000001' },
    ]);
    expect(ledger.balances).toMatchObject([{ offerId: plan.offerId, balance: 410_200, asOf: '2026-12-20' }]);
  });

  it('skips every event of a file sent again as already known', async () => {
    expect((await upload(supervisor, mixedFile())).statusCode).toBe(200);
    const again = (await upload(supervisor, mixedFile(), 'agency-2026-12-20 (1).csv')).json();
    expect(again).toMatchObject({ applied: 0, alreadyKnown: 4, refused: 10 });
    // The sources are the first file's.
    const sources = (await t.db.select({ source: agencyEvent.source }).from(agencyEvent)).map(
      (r) => r.source,
    );
    expect(sources.every((s) => s.startsWith('file:agency-2026-12-20.csv:'))).toBe(true);
  });

  it('reads a byte order mark, columns in any order, spaces around cells and a file without the unused columns', async () => {
    const content =
      '\uFEFFtype, id ,occurredAt,applicationId,draftId,amount,scheduledFor\n' +
      `draft.scheduled, evt-bom ,2026-12-16T07:00:00-05:00,${plan.applicationId},D-7, 31200 ,2026-12-15\n`;
    const report = (await upload(supervisor, content)).json();
    expect(report).toMatchObject({ rows: 1, applied: 1, refused: 0 });
  });

  it.each([
    [
      'a file over the size cap',
      () => `${HEADER}\n${'x'.repeat(AGENCY_EVENTS_FILE_MAX_BYTES)}`,
      AGENCY_EVENTS_FILE_TOO_LARGE,
    ],
    [
      'a file over the row cap',
      () =>
        [
          HEADER,
          ...Array.from({ length: AGENCY_EVENTS_FILE_MAX_ROWS + 1 }, (_, i) =>
            row({ ...envelope(`e${i}`, 'draft.settled'), draftId: 'D', settledOn: '2026-12-16' }),
          ),
        ].join('\n'),
      AGENCY_EVENTS_FILE_TOO_MANY_ROWS,
    ],
    ['an empty file', () => '   \n', 'The file is empty.'],
    ['a header alone', () => `${HEADER}\n`, 'The file has a header and no events.'],
    ['an unknown column', () => `${HEADER},colour\n`, 'The header has a column we do not know: "colour".'],
    ['a column twice', () => `${HEADER},id\n`, 'The header names the column id twice.'],
    [
      'a missing column',
      () => 'id,type,occurredAt\nx,draft.settled,2026-12-16T12:00:00Z\n',
      'The header lacks the columns: applicationId.',
    ],
    ['a quote never closed', () => `${HEADER}\n"evt-1,draft.settled\n`, 'The file is not valid CSV:'],
  ])('refuses %s with 400 and records nothing', async (_name, content, message) => {
    const res = await upload(supervisor, content());
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toContain(message);
    expect(await t.db.select().from(agencyEvent)).toHaveLength(0);
  });

  it.each([
    ['a file name with a folder', { fileName: '../etc/passwd', content: HEADER }],
    ['a file name with a control character', { fileName: 'a\u0000.csv', content: HEADER }],
    ['no content', { fileName: 'a.csv' }],
    ['content that is not text', { fileName: 'a.csv', content: 12 }],
    ['an unknown field', { fileName: 'a.csv', content: HEADER, extra: 1 }],
  ])('refuses %s with 400', async (_name, body) => {
    const res = await supervisor.post(URL, body);
    expect(res.statusCode, res.body).toBe(400);
  });

  it('refuses a body far over the cap with a 4xx before it is read, never a 500', async () => {
    const res = await upload(supervisor, 'x'.repeat(4 * AGENCY_EVENTS_FILE_MAX_BYTES));
    expect(res.statusCode).toBe(413);
  });

  it('refuses a NUL or a line break inside a cell as that row’s problem, never a 500', async () => {
    const content = [
      HEADER,
      row({ ...envelope('evt-nul', 'draft.settled'), draftId: 'D\u00001', settledOn: '2026-12-16' }),
      row({
        ...envelope('evt-break', 'disbursement.rejected'),
        disbursementId: 'P-1',
        rejectedOn: '2026-12-16',
        reason: 'line one\nline two',
      }),
    ].join('\n');
    const report = (await upload(supervisor, content)).json() as AgencyEventsFileReport;
    expect(report.results.map((r) => [r.outcome, r.reason])).toEqual([
      ['refused', 'draftId: Must not contain control characters.'],
      ['refused', 'reason: Must not contain control characters.'],
    ]);
  });

  it('is refused to a staff member who is not a supervisor (403), a borrower (403) and anyone signed out (401)', async () => {
    const byCounsellor = await upload(counsellor, mixedFile());
    expect(byCounsellor.statusCode).toBe(403);
    expect(byCounsellor.json().message).toBe(AGENCY_EVENTS_FILE_SUPERVISORS_ONLY_MESSAGE);
    expect((await upload(borrower, mixedFile())).statusCode).toBe(403);
    expect((await upload(t.client(), mixedFile())).statusCode).toBe(401);
    expect(await t.db.select().from(agencyEvent)).toHaveLength(0);
  });
});

describe('the command', () => {
  const dir = () => mkdtemp(path.join(os.tmpdir(), 'dmp-agency-file-'));

  it('imports a file from disk and prints the same report', async () => {
    const file = path.join(await dir(), 'agency-2026-12-20.csv');
    await writeFile(file, mixedFile());
    const report = await agencyEventsImportCommand({ record: recordWithoutNotices(t.db), file });
    expect(report.results).toEqual(EXPECTED);
    const printed = formatAgencyEventsFileReport(report);
    expect(printed.split('\n')).toEqual([
      'agency-2026-12-20.csv: 14 events, 3 applied, 1 skipped as already known, 10 refused',
      'row 4: skipped, already known (evt-d1-scheduled)',
      'row 5: refused: id: This event id was already used for another event.',
      'row 6: refused: amount: Must be a whole number of cents.',
      'row 7: refused: settledOn: Must be a date (yyyy-mm-dd).',
      'row 8: refused: draftId: Must not contain control characters.',
      'row 9: refused: amount: Must be at most 100000000 cents.',
      'row 10: refused: applicationId: No plan has this application id.',
      'row 11: refused: balance: Not a field of draft.settled events; leave it empty.',
      `row 14: refused: The row has 3 cells; the header has ${AGENCY_EVENTS_FILE_COLUMNS.length}.`,
      'row 15: refused: type: Must be one of draft.scheduled, draft.settled, draft.returned, disbursement.sent, disbursement.posted, disbursement.rejected, creditor.balance_reported.',
      'row 16: refused: offerId: This plan has no creditor with this offer id.',
    ]);
    const sources = await t.db.select({ source: agencyEvent.source }).from(agencyEvent);
    expect(sources.map((s) => s.source).sort()).toEqual([
      'file:agency-2026-12-20.csv:13',
      'file:agency-2026-12-20.csv:2',
      'file:agency-2026-12-20.csv:3',
    ]);
  });

  it('skips as already known what the upload recorded', async () => {
    expect((await upload(supervisor, mixedFile())).statusCode).toBe(200);
    const file = path.join(await dir(), 'again.csv');
    await writeFile(file, mixedFile());
    expect(await agencyEventsImportCommand({ record: recordWithoutNotices(t.db), file })).toMatchObject({
      applied: 0,
      alreadyKnown: 4,
    });
  });

  it.each([
    ['no file there', async (d: string) => path.join(d, 'missing.csv'), 'No file at'],
    ['a folder', async (d: string) => d, 'is not a file'],
    [
      'a file over the size cap (refused before it is read)',
      async (d: string) => {
        const file = path.join(d, 'big.csv');
        await writeFile(file, Buffer.alloc(AGENCY_EVENTS_FILE_MAX_BYTES + 1, 0x61));
        return file;
      },
      AGENCY_EVENTS_FILE_TOO_LARGE,
    ],
    [
      'a file that is not UTF-8',
      async (d: string) => {
        const file = path.join(d, 'latin1.csv');
        await writeFile(file, Buffer.from([0x69, 0x64, 0x0a, 0xe9, 0xff, 0x0a]));
        return file;
      },
      'The file is not UTF-8 text.',
    ],
  ])('refuses %s', async (_name, make, message) => {
    const file = await make(await dir());
    await expect(agencyEventsImportCommand({ record: recordWithoutNotices(t.db), file })).rejects.toThrow(
      message,
    );
  });

  it('is the same use case as the upload: the function takes the text and the file name', async () => {
    const report = await importAgencyEventsFile({
      record: recordWithoutNotices(t.db),
      fileName: 'direct.csv',
      content: mixedFile(),
    });
    expect(report.results).toEqual(EXPECTED);
  });
});

describe('the README’s example file (docs/agency-events-example.csv)', () => {
  it('has every column, in the documented order, and every row is an event', async () => {
    const { header, rows } = readAgencyEventsFile(await readFile('docs/agency-events-example.csv', 'utf8'));
    expect(header).toEqual(AGENCY_EVENTS_FILE_COLUMNS);
    const read = rows.map((r) => agencyEventOfRow(header, r.cells));
    expect(read.filter((r) => 'problem' in r)).toEqual([]);
    expect(read.map((r) => ('event' in r ? r.event.type : null))).toEqual([
      'draft.scheduled',
      'draft.settled',
      'disbursement.sent',
      'disbursement.sent',
      'disbursement.posted',
      'creditor.balance_reported',
      'disbursement.rejected',
      'draft.returned',
    ]);
  });
});
