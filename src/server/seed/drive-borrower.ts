import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { CENTS_PER_DOLLAR } from '#domain/money/cents';
import { estimatedShortfall, needsIncomeConfirmation } from '#domain/underwriting/payment-estimates';
import { leadSchema } from '#domain/validation/account';
import {
  confirmIncomeSchema,
  creditConsentSchema,
  eligibleDebtsSchema,
  hardshipsSchema,
  householdSchema,
  notifyWhenEligibleSchema,
  provideIncomeSchema,
} from '#domain/validation/application';
import { saveExpensesSchema } from '#domain/validation/expenses';
import { normalizeEmail, phoneToE164 } from '#domain/validation/format';
import type { Services } from '#server/services';
import { readUnitOpener, unitOpener } from '#server/unit-of-work';
import { borrower } from '#server/db/schema/application';
import { insertLeadAccount } from '#server/features/accounts/lead-application';
import { agreeToBudget } from '#server/features/apply/budget';
import { getEligibleDebts, saveEligibleDebts } from '#server/features/apply/eligible-debts';
import { getExpenses, saveExpenses } from '#server/features/apply/expenses';
import { acceptOffers } from '#server/features/apply/offers';
import { PLAN_DISCLOSURES_VERSION } from '#domain/enrollment/plan-disclosures';
import type { AcceptOffersInput } from '#domain/flow/application-view';
import { saveCredit } from '#server/features/apply/save-credit';
import { saveHardships } from '#server/features/apply/save-hardships';
import { saveHousehold } from '#server/features/apply/save-household';
import { confirmIncome, saveIncome } from '#server/features/apply/save-income';
import { saveNotifyWhenEligible } from '#server/features/apply/save-notify';
import { type DecisionOutcome, decisionInputs, FIRST_INCOME_DOLLARS, incomeFor } from './income';
import { IN_PROGRESS_PAGES, type InProgressPage, type SeedPlan, type SeedTarget } from './plan';
import type { Rng } from './random';

// Drives one seeded borrower through the live flow's use cases, page by page, as the pages would send the
// answers (each parsed by the page's schema first), up to the page or status the plan asks for.

/** Share of borrowers who leave their smallest eligible account out of the plan (when they have 3 or more). */
const DESELECT_SMALLEST_SHARE = 0.2;
const MIN_ITEMS_TO_DESELECT = 3;
/** Shortfall margin for a borrower who stops on /income/confirm-income, in whole dollars. */
const CONFIRM_MARGIN_DOLLARS = { min: 150, max: 900 } as const;

export type DrivenBorrower = { userId: string; applicationId: string };

/**
 * The lead's account and application, written by the lead use case's own insertLeadAccount, without the
 * sign-up: seeded borrowers get no password (they cannot sign in; staff work on their applications).
 */
export async function createSeedLead(services: Services, plan: SeedPlan): Promise<DrivenBorrower> {
  const lead = leadSchema.parse(plan.lead);
  return services.database.db.transaction(async (tx) => {
    const created = await insertLeadAccount(tx, {
      email: normalizeEmail(lead.email),
      firstName: lead.firstName,
      lastName: lead.lastName,
      phoneNumber: phoneToE164(lead.phoneNumber),
      utm: plan.utm,
    });
    if (!created) throw new Error('The seed made the same email twice');
    if (plan.isOptedOutOfSMS || plan.preferredLanguage !== null) {
      await tx
        .update(borrower)
        .set({
          ...(plan.isOptedOutOfSMS ? { isOptedOutOfSMS: true } : {}),
          ...(plan.preferredLanguage !== null ? { preferredLanguage: plan.preferredLanguage } : {}),
        })
        .where(eq(borrower.applicationId, created.applicationId));
    }
    return created;
  });
}

const stopsBefore = (target: SeedTarget, page: InProgressPage) =>
  target.status === 'inProgress' && IN_PROGRESS_PAGES.indexOf(target.page) <= IN_PROGRESS_PAGES.indexOf(page);

/** The decision the plan needs from /expenses. */
function wantedDecision(target: SeedTarget): DecisionOutcome {
  if (target.status === 'inProgress') return 'budget';
  if (target.status === 'disqualified') {
    if (target.outcome === 'cashflowTooHigh' || target.outcome === 'insufficientIncome')
      return target.outcome;
  }
  return 'viaBudget' in target && target.viaBudget ? 'budget' : 'qualified';
}

/**
 * From the lead to where the plan stops, at most acceptOffer → confirmPaymentAccount (the last step a
 * borrower takes in the built flow). Returns the application's status.
 */
export async function driveBorrower(
  services: Services,
  o: { plan: SeedPlan; rng: Rng; log: FastifyBaseLogger },
): Promise<DrivenBorrower & { status: string }> {
  const { plan, rng } = o;
  const { target } = plan;
  const lead = await createSeedLead(services, plan);
  const { userId } = lead;
  const done = (status: string) => ({ ...lead, status });
  // Each page's save in a unit of its own, as the route opens one; the vendors are asked between units.
  const openUnit = unitOpener(services);
  const openReadUnit = readUnitOpener(services);
  const { config } = services;

  if (stopsBefore(target, 'Hardships')) return done('inProgress');
  const hardships = hardshipsSchema.parse(plan.hardships);
  await openUnit((unit) => saveHardships(unit, { userId, hardships }));
  if (stopsBefore(target, 'Household')) return done('inProgress');
  const household = householdSchema.parse(plan.household);
  await saveHousehold({ openUnit, phoneLookup: services.phoneLookup, userId, household });
  if (stopsBefore(target, 'Credit')) return done('inProgress');

  const credit = await saveCredit({
    openUnit,
    creditBureau: services.creditBureau,
    config,
    dayOf: services.dayOf,
    userId,
    consent: creditConsentSchema.parse({
      consentedToCreditPolicy: true,
      // The seeded spouse consents at the screen, typing their own name.
      ...(household.spouse
        ? {
            spouseConsentedToCreditPolicy: true,
            spouseFullName: `${household.spouse.firstName} ${household.spouse.lastName}`,
          }
        : {}),
    }),
  });
  if (credit.next === '/notify-when-eligible') {
    const input = notifyWhenEligibleSchema.parse({ notifyWhenStateIsEligible: rng.chance(0.6) });
    await openUnit((unit) => saveNotifyWhenEligible(unit, { config, userId, input }));
    return done('disqualified');
  }
  if (credit.next !== '/eligible-debts') return done('disqualified');
  if (stopsBefore(target, 'EligibleDebts')) return done('inProgress');

  const { items } = await openReadUnit((unit) => getEligibleDebts(unit, { userId }));
  const keep =
    target.status === 'disqualified' && target.outcome === 'notEnoughEligible'
      ? []
      : items.length >= MIN_ITEMS_TO_DESELECT && rng.chance(DESELECT_SMALLEST_SHARE)
        ? items.slice(0, -1)
        : items;
  const selection = eligibleDebtsSchema.parse({ selectedIds: keep.map((i) => i.id) });
  const eligible = await openUnit((unit) => saveEligibleDebts(unit, { config, userId, input: selection }));
  if (eligible.next !== '/income/provide-monthly-income') return done('disqualified');
  if (stopsBefore(target, 'ProvideMonthlyIncome')) return done('inProgress');

  // First pass: the income the borrower first gives sets the expense estimates (made once per application).
  const firstIncome = rng.int(FIRST_INCOME_DOLLARS.min, FIRST_INCOME_DOLLARS.max) * CENTS_PER_DOLLAR;
  const saveIncomeOf = (dollars: number) => {
    const input = provideIncomeSchema.parse({ selfReportedMonthlyCurrentIncome: dollars });
    return openUnit((unit) => saveIncome(unit, { config, userId, input }));
  };
  let income = await saveIncomeOf(firstIncome);
  const inputs = await decisionInputs(services.database.db, lead.applicationId);
  let corrected: number | undefined;
  if (target.status === 'inProgress' && target.page === 'ConfirmIncome') {
    corrected = incomeNeedingConfirmation(inputs, rng);
  } else {
    const wanted = wantedDecision(target);
    corrected =
      incomeFor(inputs, wanted, rng) ??
      (wanted === 'budget' ? incomeFor(inputs, 'qualified', rng) : undefined);
  }
  // Second pass: the borrower corrects the income (the estimates stay those of the first).
  if (corrected !== undefined && corrected !== firstIncome) {
    income = await saveIncomeOf(corrected);
  }
  if (income.next === '/income/confirm-income') {
    if (stopsBefore(target, 'ConfirmIncome')) return done('inProgress');
    const input = confirmIncomeSchema.parse({ isIncomeCorrect: true });
    await openUnit((unit) => confirmIncome(unit, { userId, input }));
  }
  if (stopsBefore(target, 'Expenses')) return done('inProgress');

  const view = await openReadUnit((unit) => getExpenses(unit, { userId }));
  const lines = view.groups.flatMap((g) =>
    g.lines.map((l) => ({
      category: l.category,
      subCategory: l.subCategory,
      selfReportedValue: l.selfReportedValue,
    })),
  );
  // A seeded borrower answers the warnings as one who goes on: the outcome is the one the seed aimed at.
  const expenses = saveExpensesSchema.parse({ lines, confirmDisqualification: true, acceptThinBudget: true });
  const decided = await openUnit((unit) =>
    saveExpenses(unit, { config, userId, input: expenses, log: o.log }),
  );
  if (decided.next === '/offers/not-qualified') return done('disqualified');
  if (decided.next === '/budget') {
    if (stopsBefore(target, 'Budget')) return done('inProgress');
    const input = { agreedTo: true, acceptThinBudget: true } as const;
    await openUnit((unit) => agreeToBudget(unit, { publicUrl: config.publicUrl, userId, input }));
  }
  if (target.status === 'acceptOffer' || target.status === 'inProgress') return done('acceptOffer');
  // Every offer kept, drafts on the 1st: the choices the page starts from when no bank shows a payday.
  const acceptance: AcceptOffersInput = {
    leftOut: [],
    draftDay: 1,
    disclosuresVersion: PLAN_DISCLOSURES_VERSION,
    agreed: true,
  };
  await openUnit((unit) => acceptOffers(unit, { userId, input: acceptance }));
  return done('confirmPaymentAccount');
}

/** An income low enough that the estimated shortfall asks the borrower to confirm it. */
function incomeNeedingConfirmation(inputs: Awaited<ReturnType<typeof decisionInputs>>, rng: Rng): number {
  const expenses = inputs.expenses.reduce((sum, e) => sum + e.value, 0);
  const balance = inputs.selectedItems.reduce((sum, i) => sum + i.balance, 0);
  const atZero = estimatedShortfall({
    totalEligibleBalance: balance,
    monthlyIncome: 0,
    totalEstimatedExpenses: expenses,
  });
  const margin = rng.int(CONFIRM_MARGIN_DOLLARS.min, CONFIRM_MARGIN_DOLLARS.max) * CENTS_PER_DOLLAR;
  const income = Math.max(
    CENTS_PER_DOLLAR,
    Math.floor((atZero - margin) / CENTS_PER_DOLLAR) * CENTS_PER_DOLLAR,
  );
  const shortfall = estimatedShortfall({
    totalEligibleBalance: balance,
    monthlyIncome: income,
    totalEstimatedExpenses: expenses,
  });
  return needsIncomeConfirmation(shortfall) ? income : CENTS_PER_DOLLAR;
}
