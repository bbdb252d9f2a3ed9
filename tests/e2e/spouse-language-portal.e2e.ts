import { APPLICATION_STATUSES } from '#domain/flow/statuses';
import { borrowerLanguageOf, LANGUAGE_LABELS } from '#domain/service-portal/filters';
import { DEFAULT_SEED } from '#server/seed/seed-applications';
import { planApplication } from '#server/seed/plan';
import { checkAccessibility, expect, test } from './support/axe';
import { visible } from './support/browser';
import {
  createStaffUser,
  firstStaffSignIn,
  type NewStaff,
  seedPortal,
  snapScreen,
  WIDE,
} from './support/portal';
import { journeyEnv, startServer, type TestServer } from './support/server';

/**
 * The borrower summary names the spouse's language beside the borrower's: a counsellor finds a seeded
 * borrower who applies with a spouse (the seed stores no language for the spouse, so it is the borrower's).
 */
const APPLICATIONS = 16;

let server: TestServer;
const staff: NewStaff = {
  email: 'lang.counsellor@agency.org',
  temporaryPassword: '',
  password: 'Staff#Pass9',
  firstName: 'Lane',
  lastName: 'Counsellor',
  phone: '3125550177',
};

/** A seeded borrower past the household page who applies with a spouse. */
function borrowerWithSpouse() {
  const today = new Date();
  const past = new Set<string>(
    APPLICATION_STATUSES.filter((s) => s !== 'inProgress' && s !== 'disqualified'),
  );
  for (let index = 0; index < APPLICATIONS; index++) {
    const plan = planApplication(DEFAULT_SEED, index, today);
    if (plan.household.spouse && past.has(plan.target.status)) return plan;
  }
  throw new Error('no seeded borrower with a spouse: seed more applications');
}

test.beforeAll(async () => {
  const env = await journeyEnv();
  await seedPortal(env, APPLICATIONS);
  staff.temporaryPassword = await createStaffUser(env, {
    email: staff.email,
    name: `${staff.firstName} ${staff.lastName}`,
  });
  server = await startServer(env);
});

test.afterAll(async () => {
  await server?.stop();
});

test.use({ viewport: WIDE });

test('the borrower summary shows the spouse’s language next to the borrower’s', async ({ page }) => {
  test.setTimeout(180_000);
  const plan = borrowerWithSpouse();
  const name = `${plan.lead.firstName} ${plan.lead.lastName}`;
  await firstStaffSignIn(page, server.url, staff);
  await visible(page.getByRole('heading', { level: 1 }));
  await checkAccessibility(page, '/summary');
  await page.goto(`${server.url}/borrower-queue?searchValue=${encodeURIComponent(name)}`);
  const link = page.getByRole('link', { name }).first();
  await visible(link);
  await checkAccessibility(page, '/borrower-queue (search)');
  await link.click();
  await page.waitForURL((url) => url.pathname === '/borrower-summary' && url.searchParams.has('id'));
  const contact = page.getByRole('region', { name: 'Contact', exact: true });
  await visible(contact.getByText('Spouse’s language'));
  const own = LANGUAGE_LABELS[borrowerLanguageOf(plan.preferredLanguage)];
  await expect(contact).toContainText(`Preferred language${own}`);
  await expect(contact).toContainText(`Spouse’s language${own} (same as the borrower’s)`);
  await checkAccessibility(page, '/borrower-summary (spouse’s language)');
  await snapScreen(page, 'borrower-summary-spouse-language');
});
