import { checkAccessibility, expect, test } from './support/axe';
import { visible, watchErrors } from './support/browser';
import { createStaffUser, firstStaffSignIn, type NewStaff, snapScreen, WIDE } from './support/portal';
import { journeyEnv, startServer, type TestServer } from './support/server';

/**
 * The agency's daily events file in the service portal: a supervisor opens it from the Summary page, is asked
 * for a file, uploads one whose rows are all refused on a new database (a plan it does not know, an amount in
 * dollars, a cell of another type, a row cut short) and reads the report: the counts, then each row with its
 * line and reason. Checked with axe and pictured at 1440 and 390 px. What is applied and skipped as already
 * known is covered by the API tests (agency-events-file.test.ts), on a database with a plan handed over.
 */
let server: TestServer;
const supervisor: NewStaff = {
  email: 'sandy.supervisor@agency.org',
  temporaryPassword: '',
  password: 'Staff#Pass7',
  firstName: 'Sandy',
  lastName: 'Supervisor',
  phone: '3125550107',
};

test.beforeAll(async () => {
  const env = await journeyEnv();
  supervisor.temporaryPassword = await createStaffUser(env, {
    email: supervisor.email,
    name: `${supervisor.firstName} ${supervisor.lastName}`,
    supervisor: true,
  });
  server = await startServer(env);
});

test.afterAll(async () => {
  await server?.stop();
});

test.use({ viewport: WIDE });

const PLAN = '0b0c6a4e-0f7e-4d2a-9a55-6f1f3c2b1a10';
const FILE = [
  'id,applicationId,occurredAt,type,draftId,amount,scheduledFor,settledOn,balance',
  `evt-0001,${PLAN},2026-12-01T09:00:00-05:00,draft.scheduled,D-1001,31200,2026-12-15,,`,
  `evt-0002,${PLAN},2026-12-15T16:10:00-05:00,draft.settled,D-1001,312.00,,2026-12-15,`,
  `evt-0003,${PLAN},2026-12-15T16:10:00-05:00,draft.settled,D-1001,,,2026-12-15,410200`,
  'evt-0004,cut,short',
].join('\n');

test('a supervisor imports the agency’s daily file and reads the report of each row', async ({ page }) => {
  test.setTimeout(180_000);
  const errors = watchErrors(page);
  await firstStaffSignIn(page, server.url, supervisor);
  await checkAccessibility(page, 'summary');
  await page.getByRole('link', { name: 'Agency events file' }).click();
  await expect(page).toHaveURL(/\/agency-events-file$/);
  await visible(page.getByRole('heading', { level: 1, name: 'Agency events file' }));
  await checkAccessibility(page, '/agency-events-file');
  await snapScreen(page, 'agency-events-file');

  await page.getByRole('button', { name: 'Import' }).click();
  await expect(page.getByRole('alert')).toHaveText('Choose the CSV file to import.');

  await page.getByLabel('CSV file').setInputFiles({
    name: 'agency-2026-12-20.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(FILE),
  });
  await page.getByRole('button', { name: 'Import' }).click();
  const report = page.getByRole('region', { name: 'Report: agency-2026-12-20.csv' });
  await visible(report);
  await expect(report.getByRole('definition')).toHaveText(['4', '0', '0', '4']);
  await expect(report.getByRole('row')).toHaveText([
    'RowEvent idResultWhy',
    '2evt-0001RefusedapplicationId: No plan has this application id.',
    '3evt-0002Refusedamount: Must be a whole number of cents.',
    '4evt-0003Refusedbalance: Not a field of draft.settled events; leave it empty.',
    '5evt-0004RefusedThe row has 3 cells; the header has 9.',
  ]);
  await checkAccessibility(page, '/agency-events-file (report)');
  await snapScreen(page, 'agency-events-file-report');
  expect(errors).toEqual([]);
});
