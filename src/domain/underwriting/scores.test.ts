import { describe, expect, it } from 'vitest';
import type { BureauCreditReport, BureauTradeline } from './credit-report';
import { DEBT_SCORE_VERSION, debtScore, RISK_SCORE_VERSION, RISK_WEIGHTS_BP, riskScore } from './scores';

const card = (more: Partial<BureauTradeline>): BureauTradeline => ({
  accountNumber: '4111',
  accountType: 'CC',
  accountRating: '01',
  currentBalance: 0,
  dateOpened: '2020-01-01',
  dateClosed: null,
  ecoaDesignator: 'individual',
  highCredit: null,
  creditLimit: null,
  late30DaysTotal: 0,
  late60DaysTotal: 0,
  late90DaysTotal: 0,
  lenderName: 'JPMCB CARD',
  monthsReviewedCount: 24,
  mostRecentPayment: null,
  pastDue: 0,
  portfolioType: 'revolving',
  scheduledMonthlyPayment: 0,
  ...more,
});

const empty: BureauCreditReport = { vantageScore: 850, debts: [], collections: [], inquiries: [] };

describe('riskScore', () => {
  it('weights sum to 100%', () => {
    expect(Object.values(RISK_WEIGHTS_BP).reduce((a, b) => a + b, 0)).toBe(10000);
  });

  it.each<[string, BureauCreditReport, number]>([
    // Vantage 850 → 1 × 50%; no revolving credit → 0.5 × 20%; clean otherwise: 500 + 100 + 150 + 100 + 50.
    ['a clean thin file', empty, 900],
    // Unscored: 0.4 × 50% instead of 1 × 50% → 900 − 300.
    ['an unscored file', { ...empty, vantageScore: null }, 600],
    [
      // Vantage 575 → 0.5 (250); 25% utilization → 0.75 (150); lates 2 × 30 + 1 × 60 = 4 points → 0.6 (90);
      // one collection → 0.8 (80); three inquiries → 0.7 (35). Total 605.
      'a file with some trouble',
      {
        vantageScore: 575,
        debts: [
          card({ currentBalance: 250000, creditLimit: 1000000, late30DaysTotal: 2, late60DaysTotal: 1 }),
        ],
        collections: [
          {
            accountNumber: 'C1',
            accountType: 'AG',
            accountRating: '9B',
            currentBalance: 50000,
            originalBalance: 50000,
            dateOpened: '2024-01-01',
            dateClosed: null,
            ecoaDesignator: 'individual',
            subscriberName: 'MIDLAND CREDIT MGMT',
            originalLenderName: 'COMENITY',
            monthsReviewedCount: 6,
            mostRecentPayment: null,
            pastDue: 50000,
            portfolioType: 'open',
            scheduledMonthlyPayment: 0,
          },
        ],
        inquiries: [1, 2, 3].map((n) => ({
          date: `2025-0${n}-01`,
          subscriberName: 'BANK',
          industryCode: null,
        })),
      },
      605,
    ],
    [
      // Worst case: vantage 300, maxed out, many lates, 5 collections, 10 inquiries → 0.
      'the worst file',
      {
        vantageScore: 300,
        debts: [card({ currentBalance: 200000, creditLimit: 100000, late90DaysTotal: 4 })],
        collections: [],
        inquiries: Array.from({ length: 10 }, () => ({
          date: '2025-01-01',
          subscriberName: 'X',
          industryCode: null,
        })),
      },
      // The collections part stays 1 (none): 100.
      100,
    ],
  ])('%s → %s', (_, report, value) => {
    expect(riskScore(report)).toEqual({ value, version: RISK_SCORE_VERSION });
  });

  it('measures utilization on open credit lines only (a closed card and a loan do not count)', () => {
    const withLoan = riskScore({
      ...empty,
      debts: [
        card({ currentBalance: 500000, creditLimit: 1000000 }),
        card({ currentBalance: 900000, creditLimit: 1000000, dateClosed: '2024-01-01' }),
        card({
          accountType: 'US',
          portfolioType: 'installment',
          currentBalance: 900000,
          highCredit: 1000000,
        }),
      ],
    });
    // 50% utilization → 0.5: same as no revolving credit.
    expect(withLoan.value).toBe(900);
  });
});

describe('debtScore', () => {
  it.each([
    // Risk 800 → 0.8 × 60% = 480; income − expenses = 2,000 covers 500 of payments 4× (≥ 2×) → 400. 880.
    [
      { borrowerRiskScore: 800, monthlyIncome: 500000, monthlyExpense: 300000, monthlyUnsecuredDebt: 50000 },
      880,
      1200,
      800,
    ],
    // With a spouse of 600: risk 700 → 420; room 2,000 covers 2,000 once → 0.5 × 40% = 200. 620.
    [
      {
        borrowerRiskScore: 800,
        spouseRiskScore: 600,
        monthlyIncome: 500000,
        monthlyExpense: 300000,
        monthlyUnsecuredDebt: 200000,
      },
      620,
      3800,
      700,
    ],
    // No room at all: only the risk part. 1000 × 60% = 600.
    [
      { borrowerRiskScore: 1000, monthlyIncome: 300000, monthlyExpense: 400000, monthlyUnsecuredDebt: 10000 },
      600,
      4000,
      1000,
    ],
    // No unsecured payments and money to spare: full affordability.
    [
      {
        borrowerRiskScore: 500,
        spouseRiskScore: null,
        monthlyIncome: 300000,
        monthlyExpense: 200000,
        monthlyUnsecuredDebt: 0,
      },
      700,
      3000,
      500,
    ],
  ])('%j → value %s, discount %s bp, risk %s', (o, value, discount, risk) => {
    expect(debtScore(o)).toEqual({ value, discount, riskScore: risk, version: DEBT_SCORE_VERSION });
  });
});
