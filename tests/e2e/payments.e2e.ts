import { createHmac } from 'node:crypto';
import type { Page } from '@playwright/test';
import { addDays, addMonthsToMonth, dayInMonth, monthOf } from '#domain/calendar';
import { formatDollars } from '#domain/money/cents';
import { SITE } from '#domain/site';
import { DESKTOP, PHONE, signIn, snapAtWidths, waitForPath } from './support/apply';
import { checkAccessibility, expect, test } from './support/axe';
import { reportFailure, visible, watchErrors } from './support/browser';
import {
  createStaffUser,
  firstStaffSignIn,
  type NewStaff,
  seedPortal,
  toggleQueueFilter,
} from './support/portal';
import { journeyEnv, runScript, startServer, type TestServer } from './support/server';

/**
 * After the hand-over, the borrower sees what happened to their money. A seeded plan handed over to the agency
 * (its first draft three months back), its borrower given a password; before any event, the Payments page
 * says when the first draft is. The agency's system then posts its events to the signed webhook, as an agency
 * would (HMAC-SHA256 over the moment and the body): two drafts taken and their payments to two creditors, one
 * of them by check sent and not yet posted; a third draft returned with R01. The borrower reads the Payments
 * page at 1280 and 390 px (each draft, the returned one with the reason in plain words, what to do and the
 * agency's number; each payment with its proof and status), My plan's paid so far per creditor, and the
 * alert the returned draft raised. A creditor then sends a check back: the counsellor finds the plan in the
 * queue's returned drafts and reads its ledger, with the month whose payments no longer add up flagged.
 */
const PASSWORD = 'Sunny#Day42';
const SECRET = 'the-agency-and-we-share-this-secret-0123456789';

type Borrower = {
  email: string;
  name: string;
  applicationId: string;
  firstDraftDate: string;
  draftDay: number;
  monthlyDraft: number;
  creditors: { offerId: string; name: string; payment: number }[];
};

let server: TestServer;
let borrower: Borrower;
const counsellor: NewStaff = {
  email: 'pat.payments@agency.org',
  temporaryPassword: '',
  password: 'Staff#Pass9',
  firstName: 'Pat',
  lastName: 'Payments',
  phone: '3125550102',
};

test.beforeAll(async () => {
  // Seeding, then starting a fresh server: slow on a loaded machine.
  test.setTimeout(300_000);
  const env = {
    ...(await journeyEnv()),
    PARTNER_WEBHOOK_SECRET: SECRET,
    // The hand-over's own webhook is not part of this journey: nothing listens there.
    PARTNER_WEBHOOK_URL: 'http://127.0.0.1:9/partner',
  };
  // Nine seeded applications hold one handed over (the seed's statuses cycle in blocks).
  await seedPortal(env, 9);
  borrower = JSON.parse(
    await runScript(env, 'tests/e2e/support/handed-over-borrower.ts', [PASSWORD]),
  ) as Borrower;
  counsellor.temporaryPassword = await createStaffUser(env, {
    email: counsellor.email,
    name: `${counsellor.firstName} ${counsellor.lastName}`,
  });
  server = await startServer(env);
});

test.afterAll(async () => {
  await server?.stop();
});

test.use({ viewport: DESKTOP });

/** 'January 15, 2027', as the pages write a day. */
const longDay = (day: string) =>
  new Intl.DateTimeFormat('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${day}T00:00:00Z`));

let seq = 0;
/** One event, posted as the agency's system does: signed over the sending moment and the body. */
async function postEvent(type: string, data: Record<string, unknown>, occurredOn: string): Promise<void> {
  const body = JSON.stringify({
    id: `journey-${++seq}`,
    applicationId: borrower.applicationId,
    occurredAt: `${occurredOn}T15:00:00Z`,
    type,
    data,
  });
  const timestamp = String(Math.floor(Date.now() / 1000));
  const signature = `sha256=${createHmac('sha256', SECRET).update(`${timestamp}.${body}`, 'utf8').digest('hex')}`;
  const res = await fetch(`${server.url}/api/webhooks/agency-events`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-timestamp': timestamp, 'x-signature': signature },
    body,
  });
  expect(res.status, await res.text()).toBe(200);
}

async function openPayments(page: Page): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Customer portal' })
    .getByRole('link', { name: 'Payments' })
    .click();
  await waitForPath(page, '/customer-portal/payments');
  await visible(page.getByRole('heading', { level: 1, name: 'Payments' }));
}

test('the borrower reads each draft and each creditor’s payment, with proof, and what was paid so far', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const errors = watchErrors(page);
  await reportFailure(page, errors, 'payments-failure', async () => {
    const [first, second] = borrower.creditors;
    const draft = (k: number) =>
      dayInMonth(addMonthsToMonth(monthOf(borrower.firstDraftDate), k), borrower.draftDay);
    const [d1, d2, d3] = [draft(0), draft(1), draft(2)];

    // Signed in, before the agency has said anything: when the first draft was due.
    await page.goto(`${server.url}/sign-in`);
    // A handed-over borrower lands on the portal's next steps.
    await signIn(page, borrower.email, PASSWORD, '/customer-portal/next-steps');
    await checkAccessibility(page, '/customer-portal/next-steps');
    await openPayments(page);
    await visible(page.getByRole('heading', { level: 2, name: 'No payments yet' }));
    await visible(page.getByText(`Your first draft was due on ${longDay(d1)}`, { exact: false }));
    await checkAccessibility(page, '/customer-portal/payments (before any event)');
    await snapAtWidths(page, 'payments-empty');

    // The agency's events, a few out of order: two drafts taken, a check not yet posted, a draft returned.
    const amount = borrower.monthlyDraft;
    await postEvent('draft.scheduled', { draftId: 'D1', amount, scheduledFor: d1 }, addDays(d1, -5));
    await postEvent('draft.settled', { draftId: 'D1', settledOn: d1 }, d1);
    const trace = '021000021234567';
    await postEvent(
      'disbursement.posted',
      { disbursementId: 'P1', postedOn: addDays(d1, 6) },
      addDays(d1, 6),
    );
    await postEvent(
      'disbursement.sent',
      {
        disbursementId: 'P1',
        offerId: first!.offerId,
        draftId: 'D1',
        amount: first!.payment,
        method: 'electronic',
        traceNumber: trace,
        sentOn: addDays(d1, 1),
      },
      addDays(d1, 1),
    );
    await postEvent(
      'disbursement.sent',
      {
        disbursementId: 'P2',
        offerId: second!.offerId,
        draftId: 'D1',
        amount: second!.payment,
        method: 'check',
        checkNumber: '1041',
        sentOn: addDays(d1, 1),
      },
      addDays(d1, 1),
    );
    await postEvent(
      'disbursement.posted',
      { disbursementId: 'P2', postedOn: addDays(d1, 9) },
      addDays(d1, 9),
    );
    await postEvent('draft.scheduled', { draftId: 'D2', amount, scheduledFor: d2 }, addDays(d2, -5));
    await postEvent('draft.settled', { draftId: 'D2', settledOn: d2 }, d2);
    await postEvent(
      'disbursement.sent',
      {
        disbursementId: 'P3',
        offerId: first!.offerId,
        draftId: 'D2',
        amount: first!.payment,
        method: 'electronic',
        traceNumber: '021000029876543',
        sentOn: addDays(d2, 1),
      },
      addDays(d2, 1),
    );
    await postEvent(
      'disbursement.posted',
      { disbursementId: 'P3', postedOn: addDays(d2, 5) },
      addDays(d2, 5),
    );
    // The late posting: the check to the second creditor was sent and is not posted yet.
    await postEvent(
      'disbursement.sent',
      {
        disbursementId: 'P4',
        offerId: second!.offerId,
        draftId: 'D2',
        amount: second!.payment,
        method: 'check',
        checkNumber: '1042',
        sentOn: addDays(d2, 1),
      },
      addDays(d2, 1),
    );
    await postEvent('draft.scheduled', { draftId: 'D3', amount, scheduledFor: d3 }, addDays(d3, -5));
    await postEvent(
      'draft.returned',
      { draftId: 'D3', returnCode: 'R01', returnedOn: addDays(d3, 2) },
      addDays(d3, 2),
    );

    // --- The Payments page, on a wide screen then a phone.
    await page.reload();
    await visible(page.getByRole('heading', { level: 1, name: 'Payments' }));
    const month = (day: string) => page.getByRole('region', { name: `Draft of ${longDay(day)}` });
    await visible(month(d3));
    const headings = await page
      .getByTestId('payments-month')
      .getByRole('heading', { level: 2 })
      .allTextContents();
    expect(headings).toEqual([d3, d2, d1].map((d) => `Draft of ${longDay(d)}`));

    const returned = month(d3).getByRole('status');
    await expect(returned).toContainText(
      `Your bank returned this draft of ${formatDollars(amount)} on ${longDay(addDays(d3, 2))}.`,
    );
    await expect(returned).toContainText('Why: There was not enough money in the account.');
    await expect(returned).toContainText('Make sure the money is in your account, then call us at');
    await expect(returned.getByRole('link', { name: SITE.phone.display })).toHaveAttribute(
      'href',
      `tel:${SITE.phone.tel}`,
    );

    const unposted = month(d2).getByRole('listitem').filter({ hasText: 'Check number 1042' });
    await visible(unposted.getByText(second!.name));
    await visible(unposted.getByText('Sent', { exact: true }));
    await visible(
      unposted.getByText('waiting for the creditor to post it to your account', { exact: false }),
    );
    const proof = month(d1)
      .getByRole('listitem')
      .filter({ hasText: `Trace number ${trace}` });
    await visible(proof.getByText('Posted', { exact: true }));
    await visible(proof.getByText(formatDollars(first!.payment), { exact: true }));
    await visible(
      month(d2).getByText(`${formatDollars(amount)} was taken from your account on ${longDay(d2)}.`),
    );
    await checkAccessibility(page, '/customer-portal/payments');
    await snapAtWidths(page, 'payments');
    await page.setViewportSize(PHONE);
    await visible(returned);
    await checkAccessibility(page, '/customer-portal/payments (phone)');

    // --- My plan: what each creditor has been paid so far.
    await page.getByRole('button', { name: /^Menu/ }).click();
    await page
      .getByRole('navigation', { name: 'Customer portal' })
      .getByRole('link', { name: 'My Plan' })
      .click();
    await waitForPath(page, '/customer-portal/plan');
    const paid = page.getByRole('region', { name: 'Paid through your plan' });
    await visible(paid);
    const card = (name: string) => paid.getByTestId('paid-so-far').filter({ hasText: name });
    await expect(card(first!.name)).toContainText(`Paid so far${formatDollars(2 * first!.payment)}`);
    await expect(card(second!.name)).toContainText(`Paid so far${formatDollars(second!.payment)}`);
    await expect(card(second!.name)).toContainText(`Sent, not yet posted${formatDollars(second!.payment)}`);
    await checkAccessibility(page, '/customer-portal/plan (paid so far)');
    await paid.scrollIntoViewIfNeeded();
    await snapAtWidths(page, 'payments-plan-paid-so-far');

    // --- Alerts: the returned draft, told once, with the reason in plain words.
    await page.getByRole('button', { name: /^Menu/ }).click();
    await page
      .getByRole('navigation', { name: 'Customer portal' })
      .getByRole('link', { name: /^Alerts/ })
      .click();
    await waitForPath(page, '/customer-portal/alerts');
    const returnedAlert = page.getByRole('listitem').filter({ hasText: 'was returned by your bank' });
    await expect(returnedAlert).toHaveCount(1);
    await expect(returnedAlert).toContainText(`due on ${longDay(d3)}`);
    await expect(returnedAlert).toContainText('There was not enough money in the account.');
    await checkAccessibility(page, '/customer-portal/alerts (a returned draft)');
    await snapAtWidths(page, 'payments-alerts');

    // --- The counsellor: the creditor sends the check of the second draft back, so that month's payments and
    // fee no longer add up to what was drawn; the queue finds the returned draft and the ledger flags the month.
    await postEvent(
      'disbursement.rejected',
      { disbursementId: 'P4', rejectedOn: addDays(d2, 12) },
      addDays(d2, 12),
    );
    const staffPage = await browser.newPage({ viewport: DESKTOP });
    try {
      await firstStaffSignIn(staffPage, server.url, counsellor);
      await staffPage
        .getByRole('navigation', { name: 'Service portal' })
        .getByRole('link', { name: 'Borrower Queue', exact: true })
        .click();
      await staffPage.waitForURL((url) => url.pathname === '/borrower-queue');
      await toggleQueueFilter(staffPage, 'Returned draft only', true);
      const tiles = staffPage.getByRole('list', { name: 'Borrower tiles' }).getByRole('listitem');
      await expect.poll(async () => tiles.getByRole('heading').allInnerTexts()).toContain(borrower.name);
      await tiles.getByRole('link', { name: borrower.name }).click();
      await staffPage.waitForURL((url) => url.pathname === '/borrower-summary');
      const ledger = staffPage.getByRole('region', { name: 'Ledger' });
      // The month of the second draft: its check came back, so its payments and fee no longer add up. (The
      // journey pays two of the plan's creditors only, so other months may be flagged too.)
      const monthName = new Intl.DateTimeFormat('en-US', {
        month: 'long',
        year: 'numeric',
        timeZone: 'UTC',
      }).format(new Date(`${d2}T00:00:00Z`));
      const rejectedMonth = ledger.getByRole('region', { name: monthName });
      await visible(rejectedMonth.getByText('Flagged for reconciliation'));
      await visible(
        rejectedMonth.getByRole('row').filter({ hasText: 'Rejected' }).filter({ hasText: '1042' }),
      );
      await ledger.scrollIntoViewIfNeeded();
      await checkAccessibility(staffPage, '/borrower-summary (the ledger, a month to reconcile)');
      await snapAtWidths(staffPage, 'payments-counsellor-ledger');
    } finally {
      await staffPage.close();
    }
  });
  expect(errors).toEqual([]);
});
