// Disqualification reasons as stored. Some are sentences because the
// original product stored them so; keep the exact strings.

export const DISQUALIFICATION_REASONS = {
  notLicensed: 'notLicensedInState',
  noHardship: 'noHardshipSelected',
  getCreditReportsFailed: 'get credit reports failed',
  notEnoughEligible: 'not enough eligible collections or debts',
  getEligibleDebtsFailed: 'get eligible debts failed',
  getExpenseEstimatesFailed: 'get expense estimates failed',
  getDecisionFailed: 'get decision failed',
  getProposedBudgetFailed: 'get proposed budget failed',
  notEnoughEligibleDebt: 'notEnoughEligibleDebt',
  cashflowTooHigh: 'cashflowTooHigh',
  insufficientIncome: 'insufficientIncome',
  allOffersDeclined: 'allOffersDeclined',
  /** The borrower left every offer out of the plan on /offers/review. */
  allOffersLeftOut: 'allOffersLeftOut',
} as const;

export type DisqualificationReason = (typeof DISQUALIFICATION_REASONS)[keyof typeof DISQUALIFICATION_REASONS];

/** Plain-language text for staff, by stored reason. Unknown reasons (a bureau's error text) show as stored. */
export const REASON_DESCRIPTIONS: Record<string, string> = {
  [DISQUALIFICATION_REASONS.notLicensed]: 'We do not offer plans in the state where the borrower lives.',
  [DISQUALIFICATION_REASONS.noHardship]: 'The borrower did not report a hardship.',
  [DISQUALIFICATION_REASONS.getCreditReportsFailed]: 'The credit report could not be pulled.',
  [DISQUALIFICATION_REASONS.notEnoughEligible]:
    'The credit report shows no unsecured debts or collections that a plan can include.',
  [DISQUALIFICATION_REASONS.getEligibleDebtsFailed]:
    'The eligible debts could not be read from the credit report.',
  [DISQUALIFICATION_REASONS.getExpenseEstimatesFailed]: 'The household expenses could not be estimated.',
  [DISQUALIFICATION_REASONS.getDecisionFailed]: 'The decision could not be made.',
  [DISQUALIFICATION_REASONS.getProposedBudgetFailed]: 'The proposed budget could not be made.',
  [DISQUALIFICATION_REASONS.notEnoughEligibleDebt]:
    'The debts selected for the plan total less than $1,000, or none was selected.',
  [DISQUALIFICATION_REASONS.cashflowTooHigh]:
    'The borrower can already pay the current payments with $500 or more a month to spare, so a plan is not needed.',
  [DISQUALIFICATION_REASONS.insufficientIncome]:
    'Income after expenses and other debt payments cannot cover the plan payment, even after cutting flexible expenses.',
  [DISQUALIFICATION_REASONS.allOffersDeclined]: 'Every creditor declined its offer.',
  [DISQUALIFICATION_REASONS.allOffersLeftOut]: 'The borrower left every offer out of the plan.',
  // Quality-control failures recorded by staff.
  couldNotVerifyConsumerIdentity: "The borrower's identity could not be verified.",
  couldNotVerifyExpenses: "The borrower's expenses could not be verified.",
  couldNotVerifyIncome: "The borrower's income could not be verified.",
  proposedBudgetWasUnrealistic: 'The proposed budget was unrealistic.',
};

/** The staff text for a stored reason; a reason we do not know is shown as stored. */
export function describeReason(reason: string): string {
  return REASON_DESCRIPTIONS[reason] ?? reason;
}
