import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { AppError } from '#domain/errors';
import { checkingAccounts } from '#domain/enrollment/bank-accounts';
import type { PaymentAccountsView, ReasonForNotConnectingBank } from '#domain/enrollment/views';
import { PAGE_ROUTES } from '#domain/flow/pages';
import { resumeRoute } from '#domain/flow/resume';
import { MESSAGE_REFS } from '#domain/validation/messages';
import {
  assertCanSave,
  assertStatus,
  changeStatus,
  lockOwnApplication,
  updateApplication,
} from '#server/application/application-state';
import {
  paymentAccount,
  planAuthorization,
  plaidAccount,
  plaidBalance,
  plaidItem,
} from '#server/db/schema/enrollment';
import { draftDayProposal } from '#domain/enrollment/offer-review';
import { incomeDeposits } from '#server/application/income-deposits';
import { loadPlanTerms } from '#server/application/plan-terms';
import { builtOnce } from '#server/db/built-once';
import type { Reader, Transaction, Unit } from '#server/unit-of-work';
import { ownCurrentApplication } from '#server/application/own-application';

// The payment pages after the offers (/payments/...): next steps, the choice between connecting a bank and
// entering an account by hand, and the account the plan's monthly payment is drawn from. Saving the payment
// account moves the application to signContract and, in the same transaction, queues the job that sends the
// Letter of Authorization (a crash after the commit cannot lose it; the save does not wait for the PDF).

/**
 * Continue on /payments/next-steps: the borrower goes on to choose how to give the payment account, or
 * straight to choosing among the checking accounts of a bank they connected at the income step.
 */
export async function continueFromNextSteps({ tx }: Unit, o: { userId: string }) {
  const app = await lockOwnApplication(tx, o.userId);
  assertStatus(app, 'confirmPaymentAccount');
  if ((await connectedCheckingAccounts(tx, app.id)).length > 0) {
    await updateApplication(tx, app, { completed: 'NextSteps', viewed: 'ConfirmPaymentAccount' });
    return { next: PAGE_ROUTES.ConfirmPaymentAccount };
  }
  await updateApplication(tx, app, { completed: 'NextSteps', viewed: 'PaymentAccountOptions' });
  return { next: PAGE_ROUTES.PaymentAccountOptions };
}

/** 'Skip' of the income step's bank connection, with why (the income is then typed by hand). */
export async function skipIncomeConnection(
  { tx }: Unit,
  o: { userId: string; reason: ReasonForNotConnectingBank },
) {
  const app = await lockOwnApplication(tx, o.userId);
  assertCanSave(app, 'ProvideMonthlyIncome');
  await updateApplication(tx, app, { set: { reasonForNotConnectingBank: o.reason } });
}

/** 'Provide manually' on /payments/payment-account-options, with why the bank was not connected. */
export async function chooseManualEntry(
  { tx }: Unit,
  o: { userId: string; reason: ReasonForNotConnectingBank },
) {
  const app = await lockOwnApplication(tx, o.userId);
  assertStatus(app, 'confirmPaymentAccount');
  await updateApplication(tx, app, {
    completed: 'PaymentAccountOptions',
    viewed: 'ProvidePaymentAccountInformation',
    set: { reasonForNotConnectingBank: o.reason },
  });
  return { next: PAGE_ROUTES.ProvidePaymentAccountInformation };
}

/** The application's connected bank items with their accounts, built once (built-once.ts): every applicant reads it. */
const connectedItems = builtOnce((db: Reader) =>
  db.query.plaidItem
    .findMany({
      where: and(eq(plaidItem.applicationId, sql.placeholder('id')), eq(plaidItem.isConnected, true)),
      orderBy: [desc(plaidItem.createdAt)],
      with: {
        accounts: {
          with: { balances: { orderBy: [desc(plaidBalance.createdAt)], limit: 1 } },
        },
      },
    })
    .prepare('connected_plaid_items'),
);

/** The application's connected checking accounts with their newest balance. */
async function connectedCheckingAccounts(tx: Transaction, applicationId: string) {
  const items = await connectedItems(tx).execute({ id: applicationId });
  return items.flatMap((item) =>
    checkingAccounts(item.accounts.map((a) => ({ ...a, type: 'depository', subtype: a.subType }))).map(
      (a) => ({ ...a, institutionName: item.institutionName }),
    ),
  );
}

/** GET /api/application/payments/accounts: the accounts /payments/confirm-payment-account offers. */
export async function listPaymentAccounts({ tx }: Unit, o: { userId: string }): Promise<PaymentAccountsView> {
  const app = await tx.query.application.findFirst({
    where: ownCurrentApplication(o.userId),
    columns: { id: true, status: true, lastViewedPage: true },
  });
  if (!app) throw new AppError('NotFound');
  if (app.status !== 'confirmPaymentAccount') {
    throw new AppError('Conflict', undefined, { redirect: resumeRoute(app) });
  }
  const accounts = await connectedCheckingAccounts(tx, app.id);
  return {
    draftDayProposal: await proposedDraftDay(tx, app.id),
    accounts: accounts.map((a) => ({
      id: a.id,
      institutionName: a.institutionName,
      name: a.name ?? 'Checking',
      mask: a.mask,
      availableBalance: a.balances[0]?.available ?? a.balances[0]?.current ?? null,
      selectedForPayments: a.selectedForPayments,
    })),
  };
}

/**
 * The day after the usual payday, when a bank connected after the borrower chose the draft day (at the
 * acceptance, or a later move) shows a payday the chosen day does not follow. A bank connected before the
 * choice was already offered on /offers/review: the borrower's answer stands.
 */
async function proposedDraftDay(tx: Transaction, applicationId: string) {
  const chosen = await tx.query.planAuthorization.findFirst({
    where: eq(planAuthorization.applicationId, applicationId),
    orderBy: [desc(planAuthorization.createdAt)],
    columns: { kind: true, draftDay: true, createdAt: true },
  });
  if (!chosen || chosen.kind !== 'acceptance') return null;
  const deposits = await incomeDeposits(tx, applicationId);
  if (!deposits.readAt || deposits.readAt <= chosen.createdAt) return null;
  return draftDayProposal(deposits.dates, chosen.draftDay);
}

/**
 * PUT /api/application/payments/draft-day: before the letter is made, the borrower moves the drafts to another
 * day of the month (the page offers the day after the payday a bank connected here shows). Recorded as a new
 * acceptance of the same terms on that day, so the letter dates the drafts from it and the history keeps the
 * first choice.
 */
export async function chooseDraftDay(
  { tx, today }: Unit,
  o: { userId: string; draftDay: number },
): Promise<{ draftDay: number }> {
  const app = await lockOwnApplication(tx, o.userId);
  assertStatus(app, 'confirmPaymentAccount');
  const { terms } = await loadPlanTerms(tx, app.id, { today, draftDay: o.draftDay });
  if (!terms.firstDraftDate || terms.creditors.length === 0) throw new AppError('PreconditionFailed');
  await tx.insert(planAuthorization).values({
    applicationId: app.id,
    kind: 'acceptance',
    draftDay: o.draftDay,
    firstDraftDate: terms.firstDraftDate,
    monthlyDraftAmount: terms.monthlyDraft,
    setupFee: terms.setupFee,
    termInMonths: terms.termInMonths,
  });
  await updateApplication(tx, app, {});
  return { draftDay: o.draftDay };
}

/**
 * /payments/confirm-payment-account saved: the chosen connected checking account becomes the payment account
 * (selectedForPayments, a PaymentAccount linked to the application and the bank account), status signContract,
 * and the borrower goes to /submitted. Another borrower's account id is not found. `letterQueued`: whether the
 * letter's job was written in the unit (false without a job queue: the route sends the letter after it).
 */
export async function confirmPaymentAccount(unit: Unit, o: { userId: string; plaidAccountId: string }) {
  const { tx } = unit;
  const app = await lockOwnApplication(tx, o.userId);
  assertStatus(app, 'confirmPaymentAccount');
  const accounts = await connectedCheckingAccounts(tx, app.id);
  const chosen = accounts.find((a) => a.id === o.plaidAccountId);
  if (!chosen) {
    throw new AppError('ValidationError', MESSAGE_REFS.paymentAccountRequired, {
      fieldErrors: { plaidAccountId: MESSAGE_REFS.paymentAccountRequired },
    });
  }
  await tx
    .update(plaidAccount)
    .set({ selectedForPayments: false })
    .where(
      inArray(
        plaidAccount.id,
        accounts.map((a) => a.id),
      ),
    );
  await tx.update(plaidAccount).set({ selectedForPayments: true }).where(eq(plaidAccount.id, chosen.id));
  await tx
    .insert(paymentAccount)
    .values({ applicationId: app.id, plaidAccountId: chosen.id, accountNumber: null, routingNumber: null })
    .onConflictDoUpdate({
      target: paymentAccount.applicationId,
      set: { plaidAccountId: chosen.id, accountNumber: null, routingNumber: null },
    });
  await changeStatus(tx, app, 'paymentAccountConfirmed', o.userId, {
    completed: 'ConfirmPaymentAccount',
    viewed: 'Submitted',
  });
  const letterQueued = await unit.outbox.letterJob(app.id);
  return { next: PAGE_ROUTES.Submitted, applicationId: app.id, letterQueued };
}

/**
 * /payments/provide-payment-account-information saved: the account and routing numbers are stored encrypted,
 * status signContract, and the borrower goes to /submitted. The PaymentAccount row carries the application's
 * id, so saving it and linking it to the application are one write in the same transaction: there is no
 * separate link step that could fail and leave the account unlinked. `letterQueued` as for a connected account.
 */
export async function providePaymentAccount(
  unit: Unit,
  o: { userId: string; accountNumber: string; routingNumber: string },
) {
  const { tx, cipher } = unit;
  const app = await lockOwnApplication(tx, o.userId);
  assertStatus(app, 'confirmPaymentAccount');
  const values = {
    plaidAccountId: null,
    accountNumber: cipher.encrypt(o.accountNumber),
    routingNumber: cipher.encrypt(o.routingNumber),
  };
  // The account and the connected accounts' flags are written in the status change's statement: one where
  // three were sent.
  await changeStatus(tx, app, 'paymentAccountEntered', o.userId, {
    completed: 'ProvidePaymentAccountInformation',
    viewed: 'Submitted',
    alongside: [
      tx
        .insert(paymentAccount)
        .values({ applicationId: app.id, ...values })
        .onConflictDoUpdate({ target: paymentAccount.applicationId, set: values }),
      // An account entered by hand replaces a connected one as the account the plan is paid from.
      tx
        .update(plaidAccount)
        .set({ selectedForPayments: false })
        .where(
          inArray(
            plaidAccount.plaidItemId,
            tx.select({ id: plaidItem.id }).from(plaidItem).where(eq(plaidItem.applicationId, app.id)),
          ),
        ),
    ],
  });
  const letterQueued = await unit.outbox.letterJob(app.id);
  return { next: PAGE_ROUTES.Submitted, applicationId: app.id, letterQueued };
}
