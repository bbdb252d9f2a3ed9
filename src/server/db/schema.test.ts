import { readdirSync } from 'node:fs';
import { eq, getTableColumns } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HARDSHIP_KEYS } from '#domain/validation/application';
import { EXPENSE_CATEGORIES, EXPENSE_SUB_CATEGORIES } from '#domain/validation/expenses';
import { QUALITY_CONTROL_ITEMS } from '#domain/validation/staff';
import { createApplication, createUser } from '#tests/factories/application';
import { createTestDatabase } from '#tests/setup/test-database';
import type { Database } from './client';
import { alert, contactAttempt, contactAttemptReason } from '#server/db/schema/service-work';
import { CALL_STATES } from '#domain/counselling/calls';
import { applicationWithEverything } from '#server/db/application-query';
import {
  application,
  applicationStatusChange,
  borrower,
  hardship,
  spouse,
} from '#server/db/schema/application';
import { budget, budgetExpense, expense, expenseBenchmark } from '#server/db/schema/budget';
import {
  collection,
  creditReport,
  creditorAccount,
  debt,
  debtScore,
  inquiry,
  riskScore,
} from '#server/db/schema/credit';
import {
  decision,
  disqualificationReason,
  offer,
  offerDisqualificationReason,
  offerStatusChange,
} from '#server/db/schema/decision';
import {
  dmpEnrollment,
  planAuthorization,
  planChangeNotice,
  docusign,
  docusignSigner,
  incomeSnapshot,
  paymentAccount,
  plaidAccount,
  plaidBalance,
  plaidItem,
  plaidTransaction,
} from '#server/db/schema/enrollment';

// One clone for the file (a clone costs seconds on a busy machine): every test makes its own users and applications.
let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database.close();
});

/** Insert one row and return it as the database stored it. */
async function insertOne<T>(rows: Promise<T[]>): Promise<T> {
  const [row] = await rows;
  if (!row) throw new Error('nothing inserted');
  return row;
}

/** Drizzle reports unique and check violations wrapped; the PostgreSQL error is the cause. */
async function violatedConstraint(run: () => Promise<unknown>): Promise<string | undefined> {
  try {
    await run();
  } catch (error) {
    const cause = error instanceof Error ? error.cause : undefined;
    if (cause instanceof Error && 'constraint' in cause && typeof cause.constraint === 'string') {
      return cause.constraint;
    }
    throw error;
  }
  return undefined;
}

describe('migrations', () => {
  it('apply every migration file and create every table of the schema', async () => {
    const { rows: migrations } = await database.executeSql(
      'select count(*)::int as count from drizzle.__drizzle_migrations',
    );
    const files = readdirSync(new URL('./migrations', import.meta.url)).filter((f) => f.endsWith('.sql'));
    expect(migrations).toEqual([{ count: files.length }]);

    const { rows: tables } = await database.executeSql(
      `select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
    );
    expect(tables.map((t) => (t as { table_name: string }).table_name)).toEqual(
      [
        'account',
        'agency_event',
        'agency_open_payment',
        'alert',
        'application',
        'application_status_change',
        'audit_log',
        'bank_link_token',
        'borrower',
        'budget',
        'budget_expense',
        'collection',
        'concession_programme',
        'contact_attempt',
        'contact_attempt_reason',
        'agency_day_off',
        'counselling_call',
        'counselling_call_notice',
        'counselling_call_reminder',
        'counsellor',
        'counsellor_time_off',
        'counsellor_weekly_hours',
        'credit_report',
        'creditor',
        'creditor_account',
        'creditor_details_change',
        'debt',
        'debt_score',
        'decision',
        'disqualification_reason',
        'dmp_enrollment',
        'docusign',
        'docusign_signer',
        'e_signature_sandbox_envelope',
        'email_change',
        'email_outbox',
        'expense',
        'expense_benchmark',
        'hardship',
        'idempotency_key',
        'income_snapshot',
        'inquiry',
        'job_handover',
        'job_lease',
        'job_worker',
        'offer',
        'offer_disqualification_reason',
        'offer_status_change',
        'password_reset_request',
        'payment_account',
        'plaid_account',
        'plaid_balance',
        'plaid_item',
        'plaid_transaction',
        'plan_authorization',
        'plan_change_notice',
        'proposal',
        'proposal_batch',
        'rate_limit_counter',
        'risk_score',
        'session',
        'sign_in_failure',
        'sms_outbox',
        'stored_document',
        'spouse',
        'spouse_consent_link',
        'spouse_credit_consent',
        'two_factor',
        'user',
        'user_group',
        'verification',
        'webhook_event',
      ].sort(),
    );
  });

  // A counselling call's state added to the domain needs a migration that lets the database hold it.
  it("the counselling call's state check allows exactly the domain's states", async () => {
    const { rows } = await database.executeSql(
      `select pg_get_constraintdef(oid) as def from pg_constraint where conname = 'counselling_call_state'`,
    );
    const def = (rows[0] as { def: string }).def;
    expect([...def.matchAll(/'(\w+)'/g)].map((m) => m[1])).toEqual([...CALL_STATES]);
  });

  // A line or key added to the domain needs a migration that adds it to its enum, or saving it would fail.
  it.each([
    { enumName: 'expense_category', domain: EXPENSE_CATEGORIES },
    { enumName: 'expense_sub_category', domain: EXPENSE_SUB_CATEGORIES },
    { enumName: 'hardship_key', domain: HARDSHIP_KEYS },
    { enumName: 'quality_control_item', domain: QUALITY_CONTROL_ITEMS },
  ])('the enum $enumName holds the domain list, in its order', async ({ enumName, domain }) => {
    const { rows } = await database.executeSql(
      `select e.enumlabel as label from pg_enum e join pg_type t on t.oid = e.enumtypid
       where t.typname = $1 order by e.enumsortorder`,
      [enumName],
    );

    expect(rows.map((r) => (r as { label: string }).label)).toEqual([...domain]);
  });
});

describe('get application by id', () => {
  it('returns a fully populated application with every relation, nested, in one query', async () => {
    const { db } = database;
    const owner = await createUser(db, { firstName: 'Maria', lastName: 'Lopez' });
    const staff = await createUser(db, { firstName: 'Sam', lastName: 'Rep', mustChangePassword: false });

    const app = await insertOne(
      db
        .insert(application)
        .values({
          status: 'creditorReview',
          owner: owner.id,
          assignedTo: staff.id,
          assignedToAt: new Date('2025-03-04T10:11:12.345Z'),
          lastCompletedPage: 'Submitted',
          lastViewedPage: 'Submitted',
          hasSpouse: true,
          isCarOwner: true,
          isHomeowner: true,
          hasMortgageEscrow: false,
          hasServedInMilitary: false,
          hasLargeMedicalOrDisabilityExpenses: true,
          hasRecentDeathInImmediateFamily: false,
          hasRecentJobLoss: true,
          hasRecentlyBeenFurloughed: false,
          hasReductionInIncome: true,
          kindOfRelief: 'lowerPayments',
          monthlyRentOrMortgageAmount: 145_000,
          numberOfDependentsInHousehold: 2,
          hasDependents: true,
          selfReportedMonthlyCurrentIncome: 520_000,
          verifiedMonthlyCurrentIncome: 498_765,
          hasProvidedMonthlyIncome: true,
          agreedToActionPlan: true,
          agreedToTerms: true,
          hasPassedQualityControl: true,
          reasonForNotConnectingBank: 'none',
          notifyWhenStateIsEligible: false,
          estimatedShortfall: -2_500,
          hasSubmittedReviewPage: true,
          hasSubmittedBudgetPage: true,
          hasSubmittedPrimaryApplicationPage: true,
          totalBackTaxesAmount: 10_000,
          totalDebtToFriendsAndFamilyAmount: 20_000,
          totalMedicalDebtAmount: 30_000,
          totalOtherDebtAmount: 40_000,
          utmCampaign: 'spring',
          utmContent: 'banner',
          utmMedium: 'cpc',
          utmSource: 'search',
          utmTerm: 'debt relief',
        })
        .returning(),
    );
    const applicationId = app.id;

    const borrowerRow = await insertOne(
      db
        .insert(borrower)
        .values({
          applicationId,
          owner: owner.id,
          firstName: 'Maria',
          lastName: 'Lopez',
          email: 'maria@example.com',
          phoneNumber: '+15125550101',
          addressLine1: '1 Main St',
          addressLine2: 'Apt 2',
          city: 'Austin',
          state: 'TX',
          zipCode: '78701',
          dateOfBirth: 'ciphertext-of-dob',
          consentedToCreditPolicy: true,
          isOptedOutOfSMS: true,
          notifyWhenStateIsEligible: false,
          partnerCrmId: 'CRM-1',
          preferredLanguage: 'es',
        })
        .returning(),
    );
    const spouseRow = await insertOne(
      db
        .insert(spouse)
        .values({
          applicationId,
          borrowerId: borrowerRow.id,
          firstName: 'Luis',
          lastName: 'Lopez',
          email: 'luis@example.com',
          phoneNumber: '+15125550102',
          hasSameAddressAsBorrower: true,
          addressLine1: '1 Main St',
          addressLine2: 'Apt 2',
          city: 'Austin',
          state: 'TX',
          zipCode: '78701',
          dateOfBirth: 'ciphertext-of-spouse-dob',
          consentedToCreditPolicy: true,
        })
        .returning(),
    );
    const hardshipRow = await insertOne(
      db.insert(hardship).values({ applicationId, key: 'hasReductionInIncome', value: true }).returning(),
    );
    const statusChangeRow = await insertOne(
      db
        .insert(applicationStatusChange)
        .values({ applicationId, from: 'counselorReview', to: 'creditorReview', changedBy: staff.id })
        .returning(),
    );

    const report = await insertOne(
      db
        .insert(creditReport)
        .values({ applicationId, borrowerId: borrowerRow.id, vantageScore: 612, s3Key: 'reports/1.json' })
        .returning(),
    );
    const inquiryRow = await insertOne(
      db
        .insert(inquiry)
        .values({ creditReportId: report.id, date: '2025-01-15', subscriberName: 'BANK', industryCode: 'BC' })
        .returning(),
    );
    const risk = await insertOne(
      db.insert(riskScore).values({ creditReportId: report.id, value: 640, version: 'risk-v1' }).returning(),
    );
    const debtRow = await insertOne(
      db
        .insert(debt)
        .values({
          applicationId,
          creditReportId: report.id,
          accountNumber: 'ciphertext-of-debt-account',
          accountType: 'CC',
          accountRating: '01',
          currentBalance: 812_345,
          dateOpened: '2019-06-01',
          dateClosed: '2024-12-31',
          ecoaDesignator: 'individual',
          highCredit: 900_000,
          creditLimit: 1_000_000,
          isEligibleForDmp: true,
          late30DaysTotal: 1,
          late60DaysTotal: 2,
          late90DaysTotal: 3,
          lenderName: 'CAPONE',
          lenderFriendlyName: 'Capital One',
          monthsReviewedCount: 48,
          mostRecentPayment: '2025-02-01',
          pastDue: 12_000,
          portfolioType: 'revolving',
          scheduledMonthlyPayment: 24_500,
          selectedForDebtReduction: true,
          ownedByBorrower: true,
          ownedBySpouse: false,
        })
        .returning(),
    );
    const collectionRow = await insertOne(
      db
        .insert(collection)
        .values({
          applicationId,
          creditReportId: report.id,
          accountNumber: 'ciphertext-of-collection-account',
          accountType: 'US',
          accountRating: '9B',
          currentBalance: 150_000,
          originalBalance: 120_000,
          dateOpened: '2021-02-03',
          dateClosed: '2023-04-05',
          ecoaDesignator: 'joint',
          isEligibleForDmp: true,
          subscriberName: 'MIDLAND',
          subscriberFriendlyName: 'Midland Credit',
          originalLenderName: 'SYNCB',
          monthsReviewedCount: 12,
          mostRecentPayment: '2024-11-11',
          pastDue: 150_000,
          portfolioType: 'open',
          scheduledMonthlyPayment: 5_000,
          selectedForDebtReduction: false,
          ownedByBorrower: false,
          ownedBySpouse: true,
        })
        .returning(),
    );
    const debtCreditor = await insertOne(
      db
        .insert(creditorAccount)
        .values({
          applicationId,
          debtId: debtRow.id,
          accountNumber: 'ciphertext-of-creditor-account',
          routingNumber: 'ciphertext-of-creditor-routing',
          addressLine1: 'PO Box 1',
          addressLine2: 'Dept 9',
          city: 'Richmond',
          state: 'VA',
          zipCode: '23238',
          email: 'remit@capone.example',
          isAch: true,
          memo: 'DMP payment',
        })
        .returning(),
    );
    const collectionCreditor = await insertOne(
      db
        .insert(creditorAccount)
        .values({ applicationId, collectionId: collectionRow.id, isAch: false, city: 'San Diego' })
        .returning(),
    );
    const debtScoreRow = await insertOne(
      db
        .insert(debtScore)
        .values({
          applicationId,
          borrowerId: borrowerRow.id,
          borrowerRiskScoreId: risk.id,
          owner: owner.id,
          value: 71,
          discount: 150,
          monthlyExpense: 300_000,
          monthlyIncome: 498_765,
          monthlyUnsecuredDebt: 29_500,
          riskScore: 640,
          version: 'debt-v1',
        })
        .returning(),
    );

    const benchmark = await insertOne(
      db
        .insert(expenseBenchmark)
        .values({
          category: 'food',
          subCategory: 'home',
          incomeRange: '$50,000 to $69,999',
          year: 2023,
          value: 45_600,
          source: 'BLS Consumer Expenditure Survey',
        })
        .returning(),
    );
    const expenseRow = await insertOne(
      db
        .insert(expense)
        .values({
          applicationId,
          owner: owner.id,
          category: 'food',
          subCategory: 'home',
          estimatedValue: 45_600,
          selfReportedValue: 60_000,
          lastSubmittedValue: 55_000,
          expenseBenchmarkId: benchmark.id,
        })
        .returning(),
    );
    const budgetRow = await insertOne(
      db
        .insert(budget)
        .values({ applicationId, borrowerId: borrowerRow.id, agreedTo: true, description: 'Trim groceries' })
        .returning(),
    );
    const budgetExpenseRow = await insertOne(
      db
        .insert(budgetExpense)
        .values({
          budgetId: budgetRow.id,
          expenseId: expenseRow.id,
          proposedValue: 48_000,
          budgetCategory: 'food',
        })
        .returning(),
    );

    const attempt = await insertOne(
      db
        .insert(contactAttempt)
        .values({
          applicationId,
          contactedBy: staff.id,
          method: 'phone',
          outcome: 'reached',
          didTheBorrowerReceiveAnOffer: true,
        })
        .returning(),
    );
    const attemptReason = await insertOne(
      db
        .insert(contactAttemptReason)
        .values({ contactAttemptId: attempt.id, key: 'verifyIncome', value: true })
        .returning(),
    );

    const decisionRow = await insertOne(
      db
        .insert(decision)
        .values({
          applicationId,
          currentExpenses: 300_000,
          currentIncome: 498_765,
          eligibleDebtPayment: 29_500,
          ineligibleDebtPayment: 10_000,
          isQualified: true,
          reducibleExpenseAmount: 12_000,
          requiredExpenseReductionAmount: 7_000,
          wasAcceptedByBorrower: true,
          wasPresentedToBorrower: true,
          explanation: 'Your income covers the plan payment after a small budget change.',
        })
        .returning(),
    );
    const decisionReason = await insertOne(
      db
        .insert(disqualificationReason)
        .values({ applicationId, decisionId: decisionRow.id, reason: 'cashflowTooHigh' })
        .returning(),
    );
    const applicationReason = await insertOne(
      db.insert(disqualificationReason).values({ applicationId, reason: 'couldNotVerifyIncome' }).returning(),
    );
    const offerRow = await insertOne(
      db
        .insert(offer)
        .values({
          applicationId,
          decisionId: decisionRow.id,
          debtId: debtRow.id,
          status: 'declined',
          type: 'dmp',
          fee: 0,
          payment: 16_247,
          paymentPercentage: 200,
          term: 58,
          balance: 812_345,
          currentApr: 2_190,
          proposedApr: 800,
          currentMinimumMonthlyPrincipalPaymentPercent: 100,
          proposedMonthlyInterestPayment: 5_416,
          proposedMonthlyPrincipalPayment: 10_831,
          estimatedPayoffSavings: 345_678,
          lenderConcessionId: 'capital-one',
          proposalS3Key: 'proposals/1.pdf',
        })
        .returning(),
    );
    const offerReason = await insertOne(
      db
        .insert(offerDisqualificationReason)
        .values({ offerId: offerRow.id, reason: 'termTooLong' })
        .returning(),
    );
    const offerChange = await insertOne(
      db
        .insert(offerStatusChange)
        .values({ offerId: offerRow.id, status: 'declined', changedBy: staff.id })
        .returning(),
    );

    const enrollment = await insertOne(
      db
        .insert(dmpEnrollment)
        .values({
          applicationId,
          active: true,
          dateSigned: '2025-03-01',
          firstPaymentDate: '2025-04-01',
          monthlyPaymentAmount: 16_247,
          termInMonths: 58,
        })
        .returning(),
    );
    const changeNotice = await insertOne(
      db
        .insert(planChangeNotice)
        .values({
          applicationId,
          authorizedMonthlyDraftAmount: 16_247,
          monthlyDraftAmount: 14_000,
          appliesFrom: '2025-05-01',
          needsConfirmation: false,
          termsKey: '14000|offer-1',
        })
        .returning(),
    );
    const signing = await insertOne(
      db
        .insert(docusign)
        .values({
          applicationId,
          envelopeId: 'env-1',
          templateId: 'loa-v1',
          documentGeneratedAt: new Date('2025-02-27T09:00:00.000Z'),
          letterLanguage: 'es',
          letterTextVersion: '2026-11-26.es',
          documentSignedAt: new Date('2025-02-28T09:30:00.000Z'),
        })
        .returning(),
    );
    const signer = await insertOne(
      db
        .insert(docusignSigner)
        .values({
          docusignId: signing.id,
          role: 'borrower',
          name: 'Pat Doe',
          email: 'pat@example.com',
          signedAt: new Date('2025-02-28T09:30:00.000Z'),
        })
        .returning(),
    );
    const authorization = await insertOne(
      db
        .insert(planAuthorization)
        .values({
          applicationId,
          kind: 'letter',
          draftDay: 1,
          firstDraftDate: '2025-04-01',
          monthlyDraftAmount: 16_247,
          setupFee: 3_500,
          termInMonths: 58,
        })
        .returning(),
    );
    const alertRow = await insertOne(
      db
        .insert(alert)
        .values({
          applicationId,
          type: 'newCreditInquiry',
          hasBeenSeenByBorrower: true,
          hasBeenSeenByCustomerServiceRepresentative: false,
          triggeredBy: [{ id: inquiryRow.id, type: 'inquiry' }],
        })
        .returning(),
    );

    const item = await insertOne(
      db
        .insert(plaidItem)
        .values({
          applicationId,
          providerItemId: 'item-1',
          accessToken: 'ciphertext-of-access-token',
          institutionId: 'ins_1',
          institutionName: 'First Platypus Bank',
          isConnected: true,
          isFinishedHistoricalUpdate: true,
        })
        .returning(),
    );
    const account = await insertOne(
      db
        .insert(plaidAccount)
        .values({
          plaidItemId: item.id,
          providerAccountId: 'acc-1',
          mask: '0000',
          name: 'Plaid Checking',
          officialName: 'Plaid Gold Standard 0% Interest Checking',
          subType: 'checking',
          selectedForPayments: true,
          verificationStatus: 'verified',
        })
        .returning(),
    );
    const recentBalance = await insertOne(
      db
        .insert(plaidBalance)
        .values({ plaidAccountId: account.id, available: 10_000, current: 11_000 })
        .returning(),
    );
    // Older than the 6-month window of 'get application by id': must not come back.
    const sevenMonthsAgo = new Date(Date.now() - 213 * 24 * 60 * 60 * 1000);
    await db
      .insert(plaidBalance)
      .values({ plaidAccountId: account.id, available: 1, current: 2, createdAt: sevenMonthsAgo });
    const transaction = await insertOne(
      db
        .insert(plaidTransaction)
        .values({
          plaidAccountId: account.id,
          providerTransactionId: 'tx-1',
          amount: -250_000,
          date: '2025-02-14',
          name: 'PAYROLL',
          isVerifiedAsIncome: true,
        })
        .returning(),
    );
    const snapshot = await insertOne(
      db
        .insert(incomeSnapshot)
        .values({
          applicationId,
          borrowerId: borrowerRow.id,
          monthlyIncome: 498_765,
          annualIncome: 5_985_180,
          ninetyDayIncome: 1_496_295,
          incomeTransactionIds: [transaction.id],
        })
        .returning(),
    );
    const payment = await insertOne(
      db
        .insert(paymentAccount)
        .values({
          applicationId,
          plaidAccountId: account.id,
          accountNumber: 'ciphertext-of-payment-account',
          routingNumber: 'ciphertext-of-payment-routing',
        })
        .returning(),
    );

    // Another borrower's application must not leak into this one's graph.
    await createApplication(db);

    const found = await db.query.application.findFirst({
      where: (t, { eq }) => eq(t.id, applicationId),
      with: applicationWithEverything,
    });

    expect(found).toEqual({
      ...app,
      borrower: borrowerRow,
      spouse: spouseRow,
      alerts: [alertRow],
      budgets: [{ ...budgetRow, budgetExpenses: [budgetExpenseRow] }],
      contactAttempts: [{ ...attempt, reasons: [attemptReason] }],
      creditReports: [{ ...report, inquiries: [inquiryRow], riskScores: [risk] }],
      debts: [{ ...debtRow, creditorAccount: debtCreditor }],
      collections: [{ ...collectionRow, creditorAccount: collectionCreditor }],
      debtScores: [debtScoreRow],
      decisions: [
        {
          ...decisionRow,
          disqualificationReasons: [decisionReason],
          offers: [{ ...offerRow, disqualificationReasons: [offerReason], statusChanges: [offerChange] }],
        },
      ],
      disqualificationReasons: [decisionReason, applicationReason],
      dmpEnrollment: enrollment,
      docusign: { ...withoutSignedDocument(signing), signers: [signer] },
      expenses: [{ ...expenseRow, benchmark, budgetExpenses: [budgetExpenseRow] }],
      hardships: [hardshipRow],
      incomeSnapshots: [snapshot],
      paymentAccount: payment,
      planAuthorizations: [authorization],
      planChangeNotices: [changeNotice],
      plaidItems: [
        { ...item, accounts: [{ ...account, balances: [recentBalance], transactions: [transaction] }] },
      ],
      statusChanges: [statusChangeRow],
    });

    // Every relation the application declares is in the graph (a new relation must be added to it).
    const declared = Object.keys(db._.schema?.application?.relations ?? {});
    const notFetched = declared.filter((name) => !(name in applicationWithEverything));
    expect(notFetched.sort()).toEqual([
      'assignedToUser',
      'creditorAccounts',
      'longPlanApprovedByUser',
      'offers',
      'ownerUser',
    ]);
    // Every column came back, not only those the test set.
    expect(Object.keys(found ?? {})).toEqual(
      expect.arrayContaining(Object.keys(getTableColumns(application))),
    );
  });

  it('returns empty lists and nulls for an application that only has a borrower', async () => {
    const { applicationId, borrowerId } = await createApplication(database, {
      application: { utmSource: 'newsletter' },
      borrower: { city: 'Denver' },
    });

    const found = await database.db.query.application.findFirst({
      where: (t, { eq }) => eq(t.id, applicationId),
      with: applicationWithEverything,
    });

    expect(found).toMatchObject({
      id: applicationId,
      status: 'inProgress',
      version: 0,
      utmSource: 'newsletter',
      borrower: { id: borrowerId, city: 'Denver' },
      spouse: null,
      alerts: [],
      budgets: [],
      contactAttempts: [],
      creditReports: [],
      debts: [],
      collections: [],
      debtScores: [],
      decisions: [],
      disqualificationReasons: [],
      dmpEnrollment: null,
      docusign: null,
      expenses: [],
      hardships: [],
      incomeSnapshots: [],
      paymentAccount: null,
      planAuthorizations: [],
      planChangeNotices: [],
      plaidItems: [],
      statusChanges: [],
    });
  });
});

describe('constraints', () => {
  it('refuses a second application for the same owner', async () => {
    const { userId } = await createApplication(database);

    const constraint = await violatedConstraint(() =>
      database.db.insert(application).values({ owner: userId }),
    );

    expect(constraint).toBe('application_owner_key');
    const owned = await database.db.select().from(application).where(eq(application.owner, userId));
    expect(owned).toHaveLength(1);
  });

  it.each([
    { numberOfDependentsInHousehold: -1, violated: 'application_number_of_dependents_range' },
    { numberOfDependentsInHousehold: 5, violated: 'application_number_of_dependents_range' },
    { numberOfDependentsInHousehold: 0, violated: undefined },
    { numberOfDependentsInHousehold: 4, violated: undefined },
  ])(
    'dependents $numberOfDependentsInHousehold → $violated',
    async ({ numberOfDependentsInHousehold, violated }) => {
      const owner = await createUser(database);

      const constraint = await violatedConstraint(() =>
        database.db.insert(application).values({ owner: owner.id, numberOfDependentsInHousehold }),
      );

      expect(constraint).toBe(violated);
    },
  );

  it.each([
    { target: 'neither', violated: 'offer_one_target' },
    { target: 'both', violated: 'offer_one_target' },
    { target: 'debt', violated: undefined },
  ] as const)('an offer linked to $target → $violated', async ({ target, violated }) => {
    const { db } = database;
    const { applicationId } = await createApplication(db);
    const report = await insertOne(db.insert(creditReport).values({ applicationId }).returning());
    const debtRow = await insertOne(
      db
        .insert(debt)
        .values({ applicationId, creditReportId: report.id, currentBalance: 100_000 })
        .returning(),
    );
    const collectionRow = await insertOne(
      db
        .insert(collection)
        .values({ applicationId, creditReportId: report.id, currentBalance: 50_000 })
        .returning(),
    );
    const decisionRow = await insertOne(
      db
        .insert(decision)
        .values({
          applicationId,
          currentExpenses: 1,
          currentIncome: 2,
          eligibleDebtPayment: 3,
          ineligibleDebtPayment: 4,
          isQualified: true,
        })
        .returning(),
    );

    const constraint = await violatedConstraint(() =>
      db.insert(offer).values({
        applicationId,
        decisionId: decisionRow.id,
        debtId: target === 'neither' ? null : debtRow.id,
        collectionId: target === 'both' ? collectionRow.id : null,
        payment: 2_000,
        term: 50,
        balance: 100_000,
      }),
    );

    expect(constraint).toBe(violated);
  });

  it('deleting an application deletes everything that hangs off it', async () => {
    const { db } = database;
    const { applicationId, userId } = await createApplication(db);
    await db.insert(hardship).values({ applicationId, key: 'isUnemployed', value: true });
    expect(await db.select().from(hardship).where(eq(hardship.applicationId, applicationId))).toHaveLength(1);

    await db.delete(application).where(eq(application.id, applicationId));

    expect(await db.select().from(borrower).where(eq(borrower.applicationId, applicationId))).toEqual([]);
    expect(await db.select().from(hardship).where(eq(hardship.applicationId, applicationId))).toEqual([]);
    // The owner stays: removing a user is a separate, deliberate act.
    expect(await db.query.user.findFirst({ where: (u, { eq }) => eq(u.id, userId) })).toMatchObject({
      id: userId,
    });
  });
});

function withoutSignedDocument<T extends { signedDocument: unknown }>(row: T): Omit<T, 'signedDocument'> {
  const { signedDocument: _signedDocument, ...rest } = row;
  return rest;
}
