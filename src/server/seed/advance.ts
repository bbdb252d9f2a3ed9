import { randomUUID } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import {
  CONTACT_ATTEMPT_REASON_KEYS,
  contactAttemptSchema,
  type ContactOutcome,
  markTransferredSchema,
  OFFER_DECLINE_REASON_KEYS,
  offerStatusSchema,
  QUALITY_CONTROL_ITEM_FAIL_REASONS,
  QUALITY_CONTROL_ITEMS,
  QUALITY_CONTROL_REASON_KEYS,
  type QualityControlReason,
  qualityControlSchema,
} from '#domain/validation/staff';
import { predictIncome } from '#domain/underwriting/income-prediction';
import { verifyIncome } from '#server/application/income-snapshot';
import type { BankTransaction } from '#providers/bank-link/port';
import {
  SANDBOX_BANK_INSTITUTION_IDS,
  SANDBOX_BANK_PASSWORD,
  SANDBOX_BANK_USERS,
} from '#providers/bank-link/sandbox';
import type { Services } from '#server/services';
import { application, borrower } from '#server/db/schema/application';
import { decision, offer } from '#server/db/schema/decision';
import {
  docusign,
  paymentAccount,
  planAuthorization,
  plaidAccount,
  plaidBalance,
  plaidItem,
  plaidTransaction,
} from '#server/db/schema/enrollment';
import { changeStatus, updateApplication } from '#server/application/application-state';
import { setClaim } from '#server/features/service-portal/claim-application';
import { answerOffer } from '#server/features/staff-actions/answer-offer';
import { createContactAttempt } from '#server/application/contact-attempts';
import { markTransferred } from '#server/features/staff-actions/mark-transferred';
import { prepareProposals } from '#server/features/proposals/prepare-proposals';
import { unitOpener } from '#server/unit-of-work';
import { recordQualityControl } from '#server/features/staff-actions/quality-control';
import { buildLetter } from '#server/features/signing/build-letter';
import { withUnit } from '#server/unit-of-work';
import type { MonitoringPersona, SeedTarget } from './plan';
import type { Rng } from './random';
import type { SeedStaff } from './staff';

/** A checklist with every item checked except those standing for the given fail reasons. */
const checklistLeavingOut = (reasons: readonly QualityControlReason[]) =>
  Object.fromEntries(
    QUALITY_CONTROL_ITEMS.map((item) => [item, !reasons.includes(QUALITY_CONTROL_ITEM_FAIL_REASONS[item])]),
  );
/** The items standing for the given fail reasons: what a fail names. */
const itemsFailing = (reasons: readonly QualityControlReason[]) =>
  QUALITY_CONTROL_ITEMS.filter((item) => reasons.includes(QUALITY_CONTROL_ITEM_FAIL_REASONS[item]));

// The statuses after confirmPaymentAccount. The payment-account and signing steps belong to an issue not built
// yet: the seed writes what they would have made (payment account, bank link, signed envelope) and moves the
// status with changeStatus(). The counsellors' steps go through the service portal's own use cases.

const ORDER = [
  'confirmPaymentAccount',
  'signContract',
  'counselorReview',
  'creditorReview',
  'transfer',
  'transferred',
] as const;
type Stage = (typeof ORDER)[number];

/** The last stage the plan goes through before its final step. */
function finalStage(target: SeedTarget): Stage | null {
  if (target.status === 'disqualified') {
    if (target.outcome === 'qualityControlFailed') return 'counselorReview';
    if (target.outcome === 'allOffersDeclined') return 'creditorReview';
    return null;
  }
  return (ORDER as readonly string[]).includes(target.status) ? (target.status as Stage) : null;
}
const reaches = (target: SeedTarget, stage: Stage) => {
  const last = finalStage(target);
  return last !== null && ORDER.indexOf(last) >= ORDER.indexOf(stage);
};

/** Share of borrowers who link their bank rather than typing the account and routing numbers. */
const BANK_LINK_SHARE = 0.6;
/** Routing numbers of the sandbox banks (each passes the ABA check digit). */
const ROUTING_NUMBERS = ['011000015', '021000021', '122105278', '091000019'] as const;
const CREDITOR_PAYMENT_ADDRESSES = [
  { addressLine1: 'PO Box 30285', city: 'Salt Lake City', state: 'UT', zipCode: '84130' },
  { addressLine1: 'PO Box 6403', city: 'Sioux Falls', state: 'SD', zipCode: '57117' },
  { addressLine1: 'PO Box 71083', city: 'Charlotte', state: 'NC', zipCode: '28272' },
  { addressLine1: 'PO Box 15298', city: 'Wilmington', state: 'DE', zipCode: '19850' },
] as const;
/** Share of creditors that accept their offer. */
const ACCEPT_SHARE = 0.75;

/** What came of a call or a text, with the notes counsellors write beside it. */
export const SEED_CONTACT_OUTCOMES = [
  { outcome: 'reached', notes: 'Spoke with borrower, reviewed the plan' },
  { outcome: 'leftVoicemail', notes: null },
  { outcome: 'noAnswer', notes: null },
  { outcome: 'askedToCallBack', notes: 'Tomorrow morning' },
  { outcome: 'reached', notes: 'Verified income with pay stubs' },
  { outcome: 'reached', notes: 'Borrower confirmed the proposed budget' },
  { outcome: 'noAnswer', notes: 'Sent a text, waiting for a reply' },
  { outcome: 'wrongNumber', notes: 'Asked for an update' },
] as const satisfies readonly { outcome: ContactOutcome; notes: string | null }[];

type Actor = { userId: string };

/** Moves a seeded application from confirmPaymentAccount to where the plan ends. Returns the status. */
export async function advanceApplication(
  services: Services,
  o: {
    applicationId: string;
    borrower: Actor;
    target: SeedTarget;
    rng: Rng;
    staff: readonly SeedStaff[];
    /** When the bank is connected (the seed's sandbox clock then); now when not given. */
    connectedAt?: Date;
    /** Whose bank this is, for a customer the monitors will watch (planApplication). */
    monitoringPersona?: MonitoringPersona | null;
  },
): Promise<string> {
  const { db } = services.database;
  const { rng, target } = o;
  let status = 'confirmPaymentAccount';
  if (!reaches(target, 'signContract')) return status;

  await db.transaction(async (tx) => {
    const [app] = await tx
      .select()
      .from(application)
      .where(eq(application.id, o.applicationId))
      .for('update');
    const [b] = await tx.select().from(borrower).where(eq(borrower.applicationId, o.applicationId));
    // A monitored customer whose bank brings alerts always connects it. The draw is still made, so an
    // application that connected anyway draws the same numbers after it as before personas were handed out.
    const linked = rng.chance(BANK_LINK_SHARE) || bringsBankAlerts(o.monitoringPersona);
    const accountNumber = `${rng.int(1, 9)}${rng.digits(rng.int(8, 11))}`;
    const routingNumber = rng.pick(ROUTING_NUMBERS);
    let plaidAccountId: string | null = null;
    if (linked)
      plaidAccountId = await linkBank(tx, {
        services,
        applicationId: app!.id,
        borrowerId: b!.id,
        rng,
        accountNumber,
        connectedAt: o.connectedAt ?? new Date(),
        username: bankUserOf(o.monitoringPersona),
      });
    await tx.insert(paymentAccount).values({
      applicationId: app!.id,
      plaidAccountId,
      accountNumber: services.cipher.encrypt(accountNumber),
      routingNumber: services.cipher.encrypt(routingNumber),
    });
    await changeStatus(
      tx,
      app!,
      linked ? 'paymentAccountConfirmed' : 'paymentAccountEntered',
      o.borrower.userId,
    );
    await updateApplication(tx, app!, {
      completed: linked ? 'ConfirmPaymentAccount' : 'ProvidePaymentAccountInformation',
      viewed: 'Submitted',
      set: { hasSubmittedPrimaryApplicationPage: true },
    });
    // What the letter authorizes, as sending it records it, dated the day of the payment step: the plan's
    // first draft (and so the enrolment's first payment date) follows the planned history, not the day the
    // seed happens to run. The letter's language and text version are kept as sending it keeps them.
    const { authorization, content } = await buildLetter(
      tx,
      services.cipher,
      app!.id,
      services.dayOf(o.connectedAt ?? new Date()),
    );
    await tx.insert(docusign).values({
      applicationId: app!.id,
      envelopeId: randomUUID(),
      templateId: 'letter-of-authorization',
      documentGeneratedAt: new Date(),
      letterLanguage: content.language,
      letterTextVersion: content.textVersion,
    });
    await tx.insert(planAuthorization).values({ applicationId: app!.id, kind: 'letter', ...authorization });
  });
  status = 'signContract';
  if (!reaches(target, 'counselorReview')) return status;

  await db.transaction(async (tx) => {
    const [app] = await tx
      .select()
      .from(application)
      .where(eq(application.id, o.applicationId))
      .for('update');
    await tx
      .update(docusign)
      .set({ documentSignedAt: new Date() })
      .where(eq(docusign.applicationId, app!.id));
    await changeStatus(tx, app!, 'contractSigned', o.borrower.userId);
    await updateApplication(tx, app!, { completed: 'Submitted' });
  });
  status = 'counselorReview';

  // A counsellor claims the application for quality control and calls the borrower.
  const counsellor = rng.pick(o.staff);
  await claim(services, o.applicationId, counsellor);
  await contactBorrower(services, { applicationId: o.applicationId, counsellor, rng, hasOffer: true });
  if (target.status === 'counselorReview') return status;

  const failed = target.status === 'disqualified' && target.outcome === 'qualityControlFailed';
  // The same random numbers as before the fail named its items, so a seed's people and statuses are unchanged.
  const failReasons = failed ? rng.shuffle(QUALITY_CONTROL_REASON_KEYS).slice(0, rng.int(1, 2)) : [];
  const input = qualityControlSchema.parse(
    failed
      ? {
          passed: false,
          checklist: checklistLeavingOut(failReasons),
          failedItems: itemsFailing(failReasons),
        }
      : { passed: true, checklist: checklistLeavingOut([]) },
  );
  const qualityControl = await withUnit(services, (unit) =>
    recordQualityControl(unit, { actorId: counsellor.id, applicationId: o.applicationId, input }),
  );
  status = qualityControl.status;
  if (failed || !reaches(target, 'creditorReview')) return status;
  // What the pass's job does on the live path: a proposal per offer on the plan, before any creditor answers.
  await prepareProposals({
    openUnit: unitOpener(services),
    documents: services.documents,
    applicationId: o.applicationId,
  });

  status = await answerOffers(services, { applicationId: o.applicationId, counsellor, target, rng });
  if (target.status !== 'transferred' || status !== 'transfer') return status;

  const { partnerCrmId } = markTransferredSchema.parse({ partnerCrmId: `CRM-${rng.digits(8)}` });
  const done = await withUnit(services, (unit) =>
    markTransferred(unit, { actorId: counsellor.id, applicationId: o.applicationId, partnerCrmId }),
  );
  return done.status;
}

/** Creditors answer the offers of the newest decision, largest balance first. */
async function answerOffers(
  services: Services,
  o: { applicationId: string; counsellor: SeedStaff; target: SeedTarget; rng: Rng },
): Promise<string> {
  const { db } = services.database;
  const { rng } = o;
  const newest = await db.query.decision.findFirst({
    where: eq(decision.applicationId, o.applicationId),
    orderBy: [desc(decision.createdAt)],
    with: { offers: { orderBy: [desc(offer.balance)] } },
  });
  const offers = newest?.offers ?? [];
  const allDeclined = o.target.status === 'disqualified';
  // Still in creditor review: some creditors have not answered yet.
  const answered = o.target.status === 'creditorReview' ? rng.int(0, offers.length - 1) : offers.length;
  let acceptedAny = false;
  let status = 'creditorReview';
  for (const [k, x] of offers.slice(0, answered).entries()) {
    const isLast = k === offers.length - 1;
    const accept: boolean = !allDeclined && (rng.chance(ACCEPT_SHARE) || (isLast && !acceptedAny));
    acceptedAny ||= accept;
    const answer = offerStatusSchema.parse(
      accept
        ? { version: x.version, status: 'accepted', creditorAccount: creditorAccountFor(rng, x.id) }
        : {
            version: x.version,
            status: 'declined',
            reasons: rng.shuffle(OFFER_DECLINE_REASON_KEYS).slice(0, rng.int(1, 2)),
          },
    );
    const view = await withUnit(services, (unit) =>
      answerOffer(unit, services, { actorId: o.counsellor.id, offerId: x.id, answer }),
    );
    status = view.application.status;
  }
  return status;
}

function creditorAccountFor(rng: Rng, offerId: string) {
  const isAch = rng.chance(0.5);
  const memo = `DMP payment, offer ${offerId.slice(0, 8)}`;
  const email = rng.chance(0.7) ? `remittance${rng.int(1, 9)}@creditor.example.com` : undefined;
  return isAch
    ? {
        isAch,
        email,
        accountNumber: rng.digits(rng.int(8, 12)),
        routingNumber: rng.pick(ROUTING_NUMBERS),
        memo,
      }
    : { isAch, email, ...rng.pick(CREDITOR_PAYMENT_ADDRESSES), memo };
}

/** Claims through the portal's own claim (optimistic concurrency on the version just read). */
export async function claim(services: Services, applicationId: string, counsellor: SeedStaff): Promise<void> {
  const { db } = services.database;
  const [row] = await db
    .select({ version: application.version, assignedTo: application.assignedTo })
    .from(application)
    .where(eq(application.id, applicationId));
  if (!row || row.assignedTo) return;
  await withUnit(services, (unit) =>
    setClaim(unit, { viewerId: counsellor.id, applicationId, version: row.version, claim: true }),
  );
}

/** One contact attempt through the portal's use case (a text one writes the text to the outbox). */
export async function contactBorrower(
  services: Services,
  o: { applicationId: string; counsellor: SeedStaff; rng: Rng; hasOffer: boolean },
): Promise<void> {
  const { rng } = o;
  const reasons = Object.fromEntries(
    rng
      .shuffle(CONTACT_ATTEMPT_REASON_KEYS)
      .slice(0, rng.int(0, 3))
      .map((key) => [key, rng.chance(0.7)]),
  );
  // In this order: the same seed then draws the same numbers as before the outcome became a choice.
  const method = rng.chance(0.65) ? 'phone' : 'textMessage';
  const outcome = rng.pick(SEED_CONTACT_OUTCOMES);
  await createContactAttempt({
    db: services.database.db,
    cipher: services.cipher,
    staff: { userId: o.counsellor.id, firstName: o.counsellor.firstName },
    applicationId: o.applicationId,
    input: contactAttemptSchema.parse({
      method,
      ...outcome,
      // Asked only of a borrower who was reached.
      didTheBorrowerReceiveAnOffer: outcome.outcome === 'reached' ? o.hasOffer : null,
      reasons,
    }),
  });
}

/** The sandbox banks the seed's borrowers connect, and the personas they sign in as (how often each). */
const SEED_BANKS = [
  SANDBOX_BANK_INSTITUTION_IDS.firstPlatypus,
  SANDBOX_BANK_INSTITUTION_IDS.tartan,
  SANDBOX_BANK_INSTITUTION_IDS.houndstooth,
  SANDBOX_BANK_INSTITUTION_IDS.gingham,
] as const;
const SEED_BANK_USERS: readonly (readonly [string, number])[] = [
  [SANDBOX_BANK_USERS.good, 45],
  [SANDBOX_BANK_USERS.gig, 13],
  [SANDBOX_BANK_USERS.overdraft, 12],
  [SANDBOX_BANK_USERS.shrinkingPay, 10],
  [SANDBOX_BANK_USERS.nsf, 10],
  [SANDBOX_BANK_USERS.disconnect, 10],
];
/** The sandbox user a monitored customer signs in as (the new-inquiry file's owner has steady pay). */
function bankUserOf(persona: MonitoringPersona | null | undefined): string | null {
  if (!persona) return null;
  return SANDBOX_BANK_USERS[persona === 'newInquiry' ? 'good' : persona];
}

/** The personas whose bank's events raise alerts: without the connection there would be nothing to see. */
const bringsBankAlerts = (persona: MonitoringPersona | null | undefined) =>
  persona === 'overdraft' || persona === 'shrinkingPay' || persona === 'nsf' || persona === 'disconnect';

/** A bank with years of history is read in pages; this bounds one connection's reading. */
const MAX_SYNC_PAGES = 50;

/**
 * The bank-link step, through the sandbox as the dialog does it, at the moment the seed plans the connection
 * (`connectedAt`, which is also the sandbox's clock then, so the token is issued at it): sign in as a persona, choose every account, exchange the public token; then the
 * item, its accounts, the day's balances and six months of transactions are stored, with the income snapshot
 * predicted from them, as the connection stores them. The monitors later read on from its cursor.
 */
async function linkBank(
  tx: Parameters<Parameters<Services['database']['db']['transaction']>[0]>[0],
  o: {
    services: Services;
    applicationId: string;
    borrowerId: string;
    rng: Rng;
    accountNumber: string;
    connectedAt: Date;
    /** The persona to sign in as; drawn by SEED_BANK_USERS' weights when null. */
    username: string | null;
  },
): Promise<string> {
  const { rng } = o;
  const sandbox = o.services.bankLinkSandbox;
  if (!sandbox) throw new Error('The seed connects banks through the bank-link sandbox');
  const institutionId = rng.pick(SEED_BANKS);
  const total = SEED_BANK_USERS.reduce((sum, [, weight]) => sum + weight, 0);
  let ticket = rng.int(1, total);
  // Drawn even when the persona is given, so the numbers drawn after it do not move.
  const drawn = SEED_BANK_USERS.find(([, weight]) => (ticket -= weight) <= 0)![0];
  const username = o.username ?? drawn;
  const { linkToken } = await sandbox.createLinkToken({ applicationId: o.applicationId });
  const offered = await sandbox.signIn({
    linkToken,
    institutionId,
    username,
    password: SANDBOX_BANK_PASSWORD,
  });
  const publicToken = await sandbox.createPublicToken({
    linkToken,
    institutionId,
    username,
    accountIds: offered.map((a) => a.accountId),
  });
  const { accessToken } = await sandbox.exchangePublicToken({ publicToken, linkToken });
  const asOf = o.connectedAt;
  const item = await sandbox.getItem(accessToken, { asOf });
  const accounts = await sandbox.getAccounts(accessToken, { asOf });
  const transactions: BankTransaction[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < MAX_SYNC_PAGES; page++) {
    const answer = await sandbox.syncTransactions(accessToken, cursor, { asOf });
    transactions.push(...answer.added);
    cursor = answer.nextCursor;
    if (!answer.hasMore) break;
  }
  const [itemRow] = await tx
    .insert(plaidItem)
    .values({
      applicationId: o.applicationId,
      providerItemId: item.itemId,
      accessToken: o.services.cipher.encrypt(accessToken),
      institutionId: item.institutionId,
      institutionName: item.institutionName,
      isFinishedHistoricalUpdate: true,
      transactionsCursor: cursor ?? null,
    })
    .returning({ id: plaidItem.id });
  const accountIds = new Map<string, string>();
  let checkingId = '';
  for (const account of accounts) {
    const checking = account.subtype === 'checking';
    const [row] = await tx
      .insert(plaidAccount)
      .values({
        plaidItemId: itemRow!.id,
        providerAccountId: account.accountId,
        mask: checking ? o.accountNumber.slice(-4) : account.mask,
        name: account.name,
        officialName: account.officialName,
        subType: account.subtype,
        selectedForPayments: checking,
        verificationStatus: 'verified',
      })
      .returning({ id: plaidAccount.id });
    accountIds.set(account.accountId, row!.id);
    if (checking) checkingId = row!.id;
    await tx.insert(plaidBalance).values({
      plaidAccountId: row!.id,
      available: account.balances.available,
      current: account.balances.current,
    });
  }
  const stored = new Map<string, string>();
  const rows = transactions
    .filter((t) => accountIds.has(t.accountId))
    .map((t) => ({
      plaidAccountId: accountIds.get(t.accountId)!,
      providerTransactionId: t.transactionId,
      amount: t.amount,
      date: t.date,
      name: t.name,
    }));
  for (let i = 0; i < rows.length; i += 500) {
    const inserted = await tx
      .insert(plaidTransaction)
      .values(rows.slice(i, i + 500))
      .returning({ id: plaidTransaction.id, providerId: plaidTransaction.providerTransactionId });
    for (const row of inserted) stored.set(row.providerId!, row.id);
  }
  const subtypeOf = new Map(accounts.map((a) => [a.accountId, a.subtype]));
  const prediction = predictIncome(
    transactions
      .filter((t) => stored.has(t.transactionId))
      .map((t) => ({
        id: stored.get(t.transactionId)!,
        amount: t.amount,
        date: t.date,
        name: t.name,
        accountSubtype: subtypeOf.get(t.accountId) ?? null,
      })),
    // The agency's day of the connection, as connecting a bank counts the income window from its today.
    o.services.dayOf(asOf),
  );
  await verifyIncome(tx, { applicationId: o.applicationId, borrowerId: o.borrowerId, prediction });
  return checkingId;
}
