import { describe, expect, it } from 'vitest';
import type { BureauCreditReport, BureauTradeline } from '#domain/underwriting/credit-report';
import {
  creditBureauContract,
  expectWellFormedReport,
  SANDBOX_CONTRACT_APPLICANTS,
} from '#tests/contracts/credit-bureau.contract';
import type { CreditApplicant, CreditPull } from './port';
import {
  BIG_DEBT_ELIGIBLE_BALANCE,
  CARD_MINIMUM_PAYMENT_FLOOR,
  createSandboxCreditBureau,
  SANDBOX_BUREAU_UNREACHABLE,
  SANDBOX_NO_FILE_ERROR,
  TYPICAL_ELIGIBLE_BALANCE,
} from './sandbox';

creditBureauContract(createSandboxCreditBureau);

const TODAY = new Date('2026-03-15T18:30:00Z');
const bureau = createSandboxCreditBureau({ now: () => TODAY });

const jane: CreditApplicant = { ...SANDBOX_CONTRACT_APPLICANTS.withFile, isHomeowner: false };

/** The underwriting's eligibility rule (src/domain/underwriting/eligibility.ts), restated here so the personas are checked against what the underwriting will do. */
const UNSECURED = new Set(['CC', 'CH', 'FX', 'LC', 'US']);
const isEligibleDebt = (d: BureauTradeline): boolean =>
  UNSECURED.has(d.accountType) && d.currentBalance > 0 && !(d.dateClosed !== null && d.currentBalance === 0);
const eligibleBalance = (r: BureauCreditReport): number =>
  r.debts.filter(isEligibleDebt).reduce((sum, d) => sum + d.currentBalance, 0) +
  r.collections.filter((c) => c.currentBalance > 0).reduce((sum, c) => sum + c.currentBalance, 0);

async function report(applicant: CreditApplicant): Promise<BureauCreditReport> {
  const pull: CreditPull = await bureau.pull(applicant);
  if (!pull.wasSuccessful) throw new Error(pull.error);
  return pull.report;
}

/** Forty different people, for properties that must hold for everyone. */
const people: CreditApplicant[] = Array.from({ length: 40 }, (_, i) => ({
  ...jane,
  firstName: ['Ana', 'Ben', 'Cal', 'Dee', 'Eli'][i % 5] ?? 'Ana',
  lastName: ['Smith', 'Garcia', 'Nguyen', 'Okafor', 'Brown', 'Kowalski', 'Lee', 'Patel'][i % 8] ?? 'Smith',
  dateOfBirth: `19${60 + i}-0${(i % 9) + 1}-1${i % 10}`,
  addressLine1: `${100 + i} Oak St`,
  isHomeowner: i % 2 === 0,
}));

describe('sandbox credit bureau personas (docs/providers.md)', () => {
  it.each(['Nofile', 'NOFILE', ' nofile '])('%j: no file found', async (lastName) => {
    await expect(bureau.pull({ ...jane, lastName })).resolves.toEqual({
      wasSuccessful: false,
      error: SANDBOX_NO_FILE_ERROR,
    });
    expect(SANDBOX_NO_FILE_ERROR).toBe('no credit file found');
  });

  it.each(['Bureauerror', 'bureauERROR'])(
    '%j: the bureau is unreachable, so the pull rejects',
    async (lastName) => {
      await expect(bureau.pull({ ...jane, lastName })).rejects.toThrow(SANDBOX_BUREAU_UNREACHABLE);
    },
  );

  it('Thinfile: a scored file with nothing DMP-eligible', async () => {
    const r = await report({ ...jane, lastName: 'thinfile', isHomeowner: true });
    expectWellFormedReport(r, TODAY);
    expect(r.vantageScore).not.toBeNull();
    expect(eligibleBalance(r)).toBe(0);
    expect(r.collections).toEqual([]);
    expect(r.debts.map((d) => d.accountType)).toEqual(['CC', 'AU', 'ST']);
    const [card] = r.debts;
    expect(card).toMatchObject({ currentBalance: 0, scheduledMonthlyPayment: 0, portfolioType: 'revolving' });
    expect(card?.dateClosed).not.toBeNull();
  });

  it.each(people.map((p) => [`${p.firstName} ${p.lastName} ${p.dateOfBirth}`, p] as const))(
    'Bigdebt: about $90,000 of eligible debt for %s',
    async (_name, person) => {
      const r = await report({ ...person, lastName: 'Bigdebt' });
      expectWellFormedReport(r, TODAY);
      expect(eligibleBalance(r)).toBeGreaterThanOrEqual(BIG_DEBT_ELIGIBLE_BALANCE.min);
      expect(eligibleBalance(r)).toBeLessThanOrEqual(BIG_DEBT_ELIGIBLE_BALANCE.max);
      expect(r.debts.some((d) => d.accountType === 'US' && d.portfolioType === 'installment')).toBe(true);
      expect(r.debts.filter((d) => d.accountType === 'CC').length).toBeGreaterThanOrEqual(6);
    },
  );

  it('names the range the brief gives for a typical file ($12,000 to $30,000) and about $90,000 for Bigdebt', () => {
    expect(TYPICAL_ELIGIBLE_BALANCE.min).toBeGreaterThanOrEqual(12_000_00);
    expect(TYPICAL_ELIGIBLE_BALANCE.max).toBeLessThanOrEqual(30_000_00);
    expect(BIG_DEBT_ELIGIBLE_BALANCE).toEqual({ min: 86_000_00, max: 94_000_00 });
  });
});

describe('sandbox credit bureau typical file', () => {
  it.each(people.map((p) => [`${p.firstName} ${p.lastName} ${p.dateOfBirth}`, p] as const))(
    'is well formed and realistic for %s',
    async (_name, person) => {
      const r = await report(person);
      expectWellFormedReport(r, TODAY);
      expect(r.vantageScore).toBeGreaterThanOrEqual(300);
      expect(r.vantageScore).toBeLessThanOrEqual(850);
      expect(eligibleBalance(r)).toBeGreaterThanOrEqual(TYPICAL_ELIGIBLE_BALANCE.min);
      expect(eligibleBalance(r)).toBeLessThanOrEqual(TYPICAL_ELIGIBLE_BALANCE.max);

      const cards = r.debts.filter((d) => d.accountType === 'CC');
      expect(cards.length).toBeGreaterThanOrEqual(4);
      expect(cards.length).toBeLessThanOrEqual(6);
      expect(new Set(cards.map((c) => c.lenderName)).size).toBe(cards.length);
      for (const card of cards) {
        expect(card.portfolioType).toBe('revolving');
        expect(card.currentBalance).toBeGreaterThan(0);
        expect(card.creditLimit).toBeGreaterThanOrEqual(card.currentBalance);
        expect(card.highCredit).toBeGreaterThanOrEqual(card.currentBalance);
        // 2% to 3% of the balance, rounded to whole dollars, never under $25.
        expect(card.scheduledMonthlyPayment).toBeGreaterThanOrEqual(
          Math.max(CARD_MINIMUM_PAYMENT_FLOOR, Math.floor((card.currentBalance * 0.02) / 100) * 100),
        );
        expect(card.scheduledMonthlyPayment).toBeLessThanOrEqual(
          Math.max(CARD_MINIMUM_PAYMENT_FLOOR, Math.ceil((card.currentBalance * 0.03) / 100) * 100),
        );
        expect(card.pastDue === 0).toBe(card.accountRating === '01');
      }
      const types = r.debts.map((d) => [d.accountType, d.portfolioType].join(':'));
      expect(types).toContain('AU:installment');
      expect(types).toContain('ST:installment');
      expect(types.includes('CV:mortgage')).toBe(person.isHomeowner);
      expect(r.collections).toHaveLength(1);
      expect(r.inquiries.length).toBeGreaterThanOrEqual(2);
      for (const account of [...r.debts, ...r.collections]) {
        // Bureaus report whole dollars; opened after the 18th birthday.
        expect(account.currentBalance % 100).toBe(0);
        expect(account.dateOpened > person.dateOfBirth.replace(/^\d{4}/, (y) => String(Number(y) + 18))).toBe(
          true,
        );
        expect(account.dateOpened < '2026-03-15').toBe(true);
      }
      for (const loan of r.debts.filter((d) => d.portfolioType !== 'revolving')) {
        expect(loan.scheduledMonthlyPayment).toBeGreaterThan(0);
        expect(loan.highCredit).toBeGreaterThanOrEqual(loan.currentBalance);
      }
    },
  );

  it('spells creditors as bureaus do', async () => {
    const r = await report(jane);
    for (const card of r.debts.filter((d) => d.accountType === 'CC')) {
      expect(card.lenderName).toMatch(/^[A-Z0-9 /.&]+$/);
    }
    expect(r.collections[0]?.subscriberName).toMatch(/^[A-Z ]+$/);
    expect(r.collections[0]?.originalLenderName).toMatch(/^[A-Z /]+$/);
  });

  it('gives the same person the same file, and different people different files', async () => {
    const first = await bureau.pull(jane);
    expect(
      await createSandboxCreditBureau({ now: () => TODAY }).pull({ ...jane, lastName: ' DOE ' }),
    ).toEqual(first);
    const files = await Promise.all(people.map(report));
    expect(new Set(files.map((f) => JSON.stringify(f))).size).toBe(people.length);
    const other = await bureau.pull({ ...jane, dateOfBirth: '1985-06-03' });
    expect(other).not.toEqual(first);
  });

  it('counts dates back from the day of the pull', async () => {
    const later = new Date('2027-03-15T08:00:00Z');
    const [now, inAYear] = await Promise.all([
      report(jane),
      createSandboxCreditBureau({ now: () => later })
        .pull(jane)
        .then((p) => (p.wasSuccessful ? p.report : null)),
    ]);
    expect(inAYear?.debts.map((d) => d.lenderName)).toEqual(now.debts.map((d) => d.lenderName));
    expect(inAYear?.debts[0]?.dateOpened.slice(0, 4)).toBe(
      String(Number(now.debts[0]?.dateOpened.slice(0, 4)) + 1),
    );
  });

  it('puts one joint card in both spouses’ files when the household has one', async () => {
    // Search addresses until a household with a joint card turns up (about half of them have one).
    for (let n = 1; n < 50; n += 1) {
      const address = { addressLine1: `${n} Maple Ave`, zipCode: '60601' };
      const borrower = await report({ ...jane, ...address });
      const joint = borrower.debts.filter((d) => d.ecoaDesignator === 'joint');
      if (joint.length === 0) continue;
      expect(joint).toHaveLength(1);
      const spouse = await report({
        ...jane,
        ...address,
        role: 'spouse',
        firstName: 'Sam',
        dateOfBirth: '1983-02-11',
      });
      expect(spouse.debts.filter((d) => d.ecoaDesignator === 'joint')).toEqual(joint);
      expect(spouse.debts.filter((d) => d.ecoaDesignator === 'individual')).not.toEqual(
        borrower.debts.filter((d) => d.ecoaDesignator === 'individual'),
      );
      return;
    }
    throw new Error('no household with a joint card in 50 addresses');
  });

  it('opens no account before a young applicant came of age', async () => {
    const r = await report({ ...jane, firstName: 'Kai', dateOfBirth: '2006-01-10' });
    expectWellFormedReport(r, TODAY);
    for (const account of [...r.debts, ...r.collections])
      expect(account.dateOpened >= '2024-01-01').toBe(true);
  });
});
