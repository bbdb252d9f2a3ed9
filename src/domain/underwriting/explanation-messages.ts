import { defineMessages, type MessageDescriptor } from '@formatjs/intl';

// The decision's explanation (decide() in decision.ts writes it in English, and the decision keeps it) as
// messages, one per sentence, worded exactly as the domain's English once filled: a page recognises each
// sentence of the stored English and writes it in its own language with the same figures. A test formats
// every branch of decide() in English through these and compares it with the explanation, word for word.

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

type Key = keyof typeof EXPLANATION_MESSAGES;
type Values = Record<string, string | number>;

// An amount as formatDollars writes it ("$1,234", "-$50"): no spaces, so the sentence around it anchors it.
const MONEY = '(-?\\$[\\d,]+(?:\\.\\d+)?)';
const COUNT = '(\\d+) accounts?';

/** Each sentence's pattern over its English, and the values its groups hold, in order. */
const SENTENCES: { key: Key; pattern: RegExp; values: (m: RegExpExecArray) => Values }[] = [
  {
    key: 'agreedBudgetWithOtherDebts',
    pattern: new RegExp(
      `With the budget you agreed, your monthly income of ${MONEY}, less ${MONEY} of expenses and ${MONEY} of other debt payments, leaves ${MONEY} a month\\.`,
      'y',
    ),
    values: (m) => ({ income: m[1]!, expenses: m[2]!, otherDebts: m[3]!, cashflow: m[4]! }),
  },
  {
    key: 'agreedBudget',
    pattern: new RegExp(
      `With the budget you agreed, your monthly income of ${MONEY}, less ${MONEY} of expenses, leaves ${MONEY} a month\\.`,
      'y',
    ),
    values: (m) => ({ income: m[1]!, expenses: m[2]!, cashflow: m[3]! }),
  },
  {
    key: 'budgetWithOtherDebts',
    pattern: new RegExp(
      `Your monthly income of ${MONEY}, less ${MONEY} of expenses and ${MONEY} of other debt payments, leaves ${MONEY} a month\\.`,
      'y',
    ),
    values: (m) => ({ income: m[1]!, expenses: m[2]!, otherDebts: m[3]!, cashflow: m[4]! }),
  },
  {
    key: 'budget',
    pattern: new RegExp(
      `Your monthly income of ${MONEY}, less ${MONEY} of expenses, leaves ${MONEY} a month\\.`,
      'y',
    ),
    values: (m) => ({ income: m[1]!, expenses: m[2]!, cashflow: m[3]! }),
  },
  {
    key: 'planWithFee',
    pattern: new RegExp(
      `The plan pays ${COUNT} with ${MONEY} owed for ${MONEY} a month \\(including the ${MONEY} monthly fee\\), against an estimated ${MONEY} a month now\\.`,
      'y',
    ),
    values: (m) => ({ accounts: Number(m[1]), owed: m[2]!, payment: m[3]!, fee: m[4]!, current: m[5]! }),
  },
  {
    key: 'plan',
    pattern: new RegExp(
      `The plan pays ${COUNT} with ${MONEY} owed for ${MONEY} a month, against an estimated ${MONEY} a month now\\.`,
      'y',
    ),
    values: (m) => ({ accounts: Number(m[1]), owed: m[2]!, payment: m[3]!, current: m[4]! }),
  },
  { key: 'fits', pattern: /The plan fits the budget as it is\./y, values: () => ({}) },
  { key: 'fitsAgreedBudget', pattern: /The plan fits the budget you agreed\./y, values: () => ({}) },
  {
    key: 'shortOfAgreedBudget',
    pattern: new RegExp(`That is ${MONEY} a month more than the budget you agreed leaves\\.`, 'y'),
    values: (m) => ({ required: m[1]! }),
  },
  {
    key: 'proposedBudget',
    pattern: new RegExp(
      `That is ${MONEY} short; lowering flexible expenses \\(up to ${MONEY} can be cut\\) closes the gap, so a proposed budget comes with the offers\\.`,
      'y',
    ),
    values: (m) => ({ required: m[1]!, reducible: m[2]! }),
  },
  {
    key: 'insufficientIncome',
    pattern: new RegExp(
      `That is ${MONEY} short, and flexible expenses can only be cut by ${MONEY}, so the plan payment cannot be afforded\\.`,
      'y',
    ),
    values: (m) => ({ required: m[1]!, reducible: m[2]! }),
  },
  {
    key: 'cashflowTooHigh',
    pattern: new RegExp(
      `That covers the current estimated payments of ${MONEY} with ${MONEY} to spare, so a plan is not needed\\.`,
      'y',
    ),
    values: (m) => ({ current: m[1]!, spare: m[2]! }),
  },
  { key: 'noEligibleDebt', pattern: /No eligible debt was selected for the plan\./y, values: () => ({}) },
  {
    key: 'tooLittleDebt',
    pattern: new RegExp(`The debts selected total ${MONEY}; a plan needs at least ${MONEY}\\.`, 'y'),
    values: (m) => ({ total: m[1]!, minimum: m[2]! }),
  },
];

/**
 * The explanation's sentences as messages with their values, in order; null when a part of it is not one of
 * ours (an explanation written before these messages, say), so the caller shows it as it is.
 */
export function explanationSentences(
  english: string,
): { descriptor: MessageDescriptor; values: Values }[] | null {
  const parts: { descriptor: MessageDescriptor; values: Values }[] = [];
  let at = 0;
  while (at < english.length) {
    let matched = false;
    for (const { key, pattern, values } of SENTENCES) {
      pattern.lastIndex = at;
      const m = pattern.exec(english);
      if (!m) continue;
      parts.push({ descriptor: EXPLANATION_MESSAGES[key], values: values(m) });
      at = pattern.lastIndex;
      if (english[at] === ' ') at += 1;
      matched = true;
      break;
    }
    if (!matched) return null;
  }
  return parts.length > 0 ? parts : null;
}

/**
 * The decision's explanation in the language of `format` (react-intl's or @formatjs/intl's formatMessage);
 * an explanation it does not recognise comes back as it is.
 */
export function localizeExplanation(
  english: string,
  format: (descriptor: MessageDescriptor, values: Values) => string,
): string {
  const parts = explanationSentences(english);
  return parts ? parts.map((p) => format(p.descriptor, p.values)).join(' ') : english;
}
