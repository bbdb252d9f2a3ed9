// The limits, in one place. Currency limits count the typed whole-dollar digits.

export const LIMITS = {
  text: 100,
  name: 40,
  email: 100,
  memo: 245,
  accountNumber: 17,
  creditorAccountNumber: 12,
  routingNumber: 9,
  zip: 5,
  verificationCode: 6,
  passwordInput: 60,
  passwordMin: 8,
  passwordMax: 20,
  currency: 12,
  expenseEdit: 5,
  monthlyIncome: 7,
  housingCost: 6,
  minAge: 13,
  maxAge: 120,
} as const;

/** Monthly household income above this many dollars shows MESSAGES.incomeWarning. */
export const INCOME_WARNING_THRESHOLD_DOLLARS = 15_000;
