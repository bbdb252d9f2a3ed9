import { defineMessages, type MessageDescriptor } from '@formatjs/intl';

// The decision's explanation as messages, one per sentence: explanation-text.ts gives each sentence as its message
// with its values, which a page words in its own language. decide() (decision.ts) makes its explanation from
// them, and its English, which the decision keeps for the record and the staff, is these messages' English.

export const EXPLANATION_MESSAGES: Record<
  | 'budget'
  | 'budgetWithOtherDebts'
  | 'agreedBudget'
  | 'agreedBudgetWithOtherDebts'
  | 'plan'
  | 'planWithFee'
  | 'fits'
  | 'fitsAgreedBudget'
  | 'shortOfAgreedBudget'
  | 'proposedBudget'
  | 'insufficientIncome'
  | 'cashflowTooHigh'
  | 'noEligibleDebt'
  | 'tooLittleDebt',
  MessageDescriptor
> = defineMessages({
  budget: {
    id: 'outcome.explanation.budget',
    defaultMessage:
      'Your monthly income of {income}, less {expenses} of expenses, leaves {cashflow} a month.',
  },
  budgetWithOtherDebts: {
    id: 'outcome.explanation.budgetWithOtherDebts',
    defaultMessage:
      'Your monthly income of {income}, less {expenses} of expenses and {otherDebts} of other debt payments, leaves {cashflow} a month.',
  },
  agreedBudget: {
    id: 'outcome.explanation.agreedBudget',
    defaultMessage:
      'With the budget you agreed, your monthly income of {income}, less {expenses} of expenses, leaves {cashflow} a month.',
  },
  agreedBudgetWithOtherDebts: {
    id: 'outcome.explanation.agreedBudgetWithOtherDebts',
    defaultMessage:
      'With the budget you agreed, your monthly income of {income}, less {expenses} of expenses and {otherDebts} of other debt payments, leaves {cashflow} a month.',
  },
  plan: {
    id: 'outcome.explanation.plan',
    defaultMessage:
      'The plan pays {accounts, plural, one {# account} other {# accounts}} with {owed} owed for {payment} a month, against an estimated {current} a month now.',
  },
  planWithFee: {
    id: 'outcome.explanation.planWithFee',
    defaultMessage:
      'The plan pays {accounts, plural, one {# account} other {# accounts}} with {owed} owed for {payment} a month (including the {fee} monthly fee), against an estimated {current} a month now.',
  },
  fits: { id: 'outcome.explanation.fits', defaultMessage: 'The plan fits the budget as it is.' },
  fitsAgreedBudget: {
    id: 'outcome.explanation.fitsAgreedBudget',
    defaultMessage: 'The plan fits the budget you agreed.',
  },
  shortOfAgreedBudget: {
    id: 'outcome.explanation.shortOfAgreedBudget',
    defaultMessage: 'That is {required} a month more than the budget you agreed leaves.',
  },
  proposedBudget: {
    id: 'outcome.explanation.proposedBudget',
    defaultMessage:
      'That is {required} short; lowering flexible expenses (up to {reducible} can be cut) closes the gap, so a proposed budget comes with the offers.',
  },
  insufficientIncome: {
    id: 'outcome.explanation.insufficientIncome',
    defaultMessage:
      'That is {required} short, and flexible expenses can only be cut by {reducible}, so the plan payment cannot be afforded.',
  },
  cashflowTooHigh: {
    id: 'outcome.explanation.cashflowTooHigh',
    defaultMessage:
      'That covers the current estimated payments of {current} with {spare} to spare, so a plan is not needed.',
  },
  noEligibleDebt: {
    id: 'outcome.explanation.noEligibleDebt',
    defaultMessage: 'No eligible debt was selected for the plan.',
  },
  tooLittleDebt: {
    id: 'outcome.explanation.tooLittleDebt',
    defaultMessage: 'The debts selected total {total}; a plan needs at least {minimum}.',
  },
});
