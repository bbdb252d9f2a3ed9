import { describe, expect, it } from 'vitest';
import {
  type BureauCreditReport,
  PORTFOLIO_TYPES,
  type PortfolioType,
} from '#domain/underwriting/credit-report';
import type { CreditApplicant, CreditBureau } from '#providers/credit-bureau/port';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const ECOA = ['individual', 'joint', 'authorizedUser', 'cosigner', 'terminated'];

/** The test identities a bureau knows: the sandbox's by default; a real adapter passes its vendor's. */
export type ContractApplicants = { withFile: CreditApplicant; withoutFile: CreditApplicant };

export const SANDBOX_CONTRACT_APPLICANTS: ContractApplicants = {
  withFile: {
    role: 'borrower',
    firstName: 'Jane',
    lastName: 'Doe',
    dateOfBirth: '1985-06-02',
    addressLine1: '12 Elm St',
    city: 'Austin',
    state: 'TX',
    zipCode: '78701',
    isHomeowner: true,
  },
  withoutFile: {
    role: 'spouse',
    firstName: 'John',
    lastName: 'Nofile',
    dateOfBirth: '1984-01-20',
    addressLine1: '12 Elm St',
    city: 'Austin',
    state: 'TX',
    zipCode: '78701',
    isHomeowner: true,
  },
};

const isCents = (value: unknown): boolean =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;

/** Every rule of BureauCreditReport a consumer relies on: whole cents, ISO dates in the past, known enums. */
export function expectWellFormedReport(report: BureauCreditReport, today = new Date()): void {
  const latest = today.toISOString().slice(0, 10);
  const isPastDate = (value: string | null): boolean =>
    value === null || (ISO_DATE.test(value) && value <= latest);
  if (report.vantageScore !== null) {
    expect(Number.isInteger(report.vantageScore)).toBe(true);
    expect(report.vantageScore).toBeGreaterThanOrEqual(300);
    expect(report.vantageScore).toBeLessThanOrEqual(850);
  }
  for (const account of [...report.debts, ...report.collections]) {
    const where = `${account.accountNumber} ${JSON.stringify(account)}`;
    expect(account.accountNumber, where).toMatch(/^[0-9X*]{4,17}$/);
    expect(account.accountType, where).toMatch(/^[A-Z0-9]{2}$/);
    expect(account.accountRating, where).toMatch(/^[0-9][0-9A-Z]$/);
    for (const money of [account.currentBalance, account.pastDue, account.scheduledMonthlyPayment]) {
      expect(isCents(money), where).toBe(true);
    }
    expect(ISO_DATE.test(account.dateOpened) && isPastDate(account.dateOpened), where).toBe(true);
    expect(isPastDate(account.dateClosed), where).toBe(true);
    expect(isPastDate(account.mostRecentPayment), where).toBe(true);
    if (account.dateClosed !== null) expect(account.dateClosed >= account.dateOpened, where).toBe(true);
    expect(ECOA, where).toContain(account.ecoaDesignator);
    expect(PORTFOLIO_TYPES as readonly PortfolioType[], where).toContain(account.portfolioType);
    expect(Number.isInteger(account.monthsReviewedCount) && account.monthsReviewedCount >= 0, where).toBe(
      true,
    );
  }
  for (const debt of report.debts) {
    const where = JSON.stringify(debt);
    expect(debt.lenderName.trim(), where).not.toBe('');
    for (const money of [debt.highCredit, debt.creditLimit])
      expect(money === null || isCents(money), where).toBe(true);
    for (const count of [debt.late30DaysTotal, debt.late60DaysTotal, debt.late90DaysTotal]) {
      expect(Number.isInteger(count) && count >= 0, where).toBe(true);
    }
    if (debt.currentApr != null) expect(Number.isInteger(debt.currentApr), where).toBe(true);
  }
  for (const collection of report.collections) {
    const where = JSON.stringify(collection);
    expect(collection.subscriberName.trim(), where).not.toBe('');
    expect(collection.originalLenderName.trim(), where).not.toBe('');
    expect(isCents(collection.originalBalance), where).toBe(true);
  }
  for (const inquiry of report.inquiries) {
    expect(ISO_DATE.test(inquiry.date) && isPastDate(inquiry.date), JSON.stringify(inquiry)).toBe(true);
    expect(inquiry.subscriberName.trim()).not.toBe('');
  }
}

/**
 * The suite every credit-bureau adapter passes, sandbox or real. A real adapter runs it against its vendor's
 * test environment with the vendor's test identities.
 */
export function creditBureauContract(
  make: () => CreditBureau,
  applicants: ContractApplicants = SANDBOX_CONTRACT_APPLICANTS,
): void {
  describe('credit bureau contract', () => {
    it('answers a found file with a well-formed report and a file id', async () => {
      const pull = await make().pull(applicants.withFile);
      if (!pull.wasSuccessful) throw new Error(`expected a file, got: ${pull.error}`);
      expect(pull.fileId.trim()).not.toBe('');
      expectWellFormedReport(pull.report);
      expect(pull.report.debts.length + pull.report.collections.length).toBeGreaterThan(0);
    });

    it('answers a person the bureau cannot find with { wasSuccessful: false, error }, not a rejection', async () => {
      const pull = await make().pull(applicants.withoutFile);
      expect(pull.wasSuccessful).toBe(false);
      if (!pull.wasSuccessful) expect(pull.error.trim()).not.toBe('');
    });

    it('gives the same person the same file on a second pull', async () => {
      const bureau = make();
      const first = await bureau.pull(applicants.withFile);
      const second = await make().pull(applicants.withFile);
      const again = await bureau.pull(applicants.withFile);
      expect(second).toEqual(first);
      expect(again).toEqual(first);
    });

    it('answers concurrent pulls independently', async () => {
      const bureau = make();
      const [found, missing, foundAgain] = await Promise.all([
        bureau.pull(applicants.withFile),
        bureau.pull(applicants.withoutFile),
        bureau.pull(applicants.withFile),
      ]);
      expect(found?.wasSuccessful).toBe(true);
      expect(missing?.wasSuccessful).toBe(false);
      expect(foundAgain).toEqual(found);
    });
  });
}
