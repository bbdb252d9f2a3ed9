import { defineMessages, type MessageDescriptor } from '@formatjs/intl';
import type { Outcome } from './outcomes';

// The texts of OUTCOME_TEXTS (outcomes.ts) and of the payoff plan (payoff-plan.ts) as messages, so a borrower
// reading Spanish reads why they do not qualify and what to do next in Spanish. The English of each message is
// the domain's, word for word, once its placeholders are filled (outcome-messages.test.ts compares them):
// the domain's texts stay as they are, for the email and for the tests that name them.
// Placeholders: {phone} the agency's phone, {hours} its office hours, {minimum} the least eligible balance,
// {hudPhone} HUD's counseling line.

const M = defineMessages({
  callUsTitle: { id: 'outcome.callUs.title', defaultMessage: 'Talk to a counsellor' },
  callUsText: {
    id: 'outcome.callUs.text',
    defaultMessage:
      'Call us at {phone}, {hours}. A certified credit counsellor will go through your situation with you, free of charge.',
  },
  callUsLink: { id: 'outcome.callUs.link', defaultMessage: 'Call {phone}' },
  callUsShortTitle: { id: 'outcome.callUs.shortTitle', defaultMessage: 'Call us' },

  cashflowTooHighTitle: {
    id: 'outcome.cashflowTooHigh.title',
    defaultMessage: 'You can pay your debts without a plan',
  },
  cashflowTooHighWhy: {
    id: 'outcome.cashflowTooHigh.why',
    defaultMessage:
      'After your expenses, your income covers the payments on your debts with $500 or more a month to spare. A Debt Management Plan is for people who cannot keep up with their payments, so you do not need one: you can pay your debts off yourself.',
  },
  cashflowTooHighStepTitle: {
    id: 'outcome.cashflowTooHigh.step.title',
    defaultMessage: 'Follow a do-it-yourself payoff plan',
  },
  cashflowTooHighStepText: {
    id: 'outcome.cashflowTooHigh.step.text',
    defaultMessage:
      'Keep paying every debt its current payment. Put any money you can spare on the debt with the highest interest rate; when it is paid off, add its payment to the next one. This order (the avalanche method) costs you the least interest.',
  },

  insufficientIncomeTitle: {
    id: 'outcome.insufficientIncome.title',
    defaultMessage: 'The plan payment does not fit your budget',
  },
  insufficientIncomeWhy: {
    id: 'outcome.insufficientIncome.why',
    defaultMessage:
      'After your expenses and your other debt payments, your income cannot cover the monthly payment a plan would need, even after lowering flexible expenses such as eating out and entertainment.',
  },
  hardshipProgrammesTitle: {
    id: 'outcome.insufficientIncome.hardship.title',
    defaultMessage: 'Ask your creditors about hardship programmes',
  },
  hardshipProgrammesText: {
    id: 'outcome.insufficientIncome.hardship.text',
    defaultMessage:
      'Many card issuers and lenders can lower your payment or interest rate for a while when your income has dropped. Call the number on the back of your card or on your statement and ask about a hardship programme.',
  },
  housingTitle: {
    id: 'outcome.insufficientIncome.housing.title',
    defaultMessage: 'Get free housing counselling',
  },
  housingText: {
    id: 'outcome.insufficientIncome.housing.text',
    defaultMessage:
      "If your rent or mortgage is hard to pay, a HUD-approved housing counseling agency can help at no cost. Find one on the U.S. Department of Housing and Urban Development's website, or call {hudPhone}.",
  },
  housingLink: {
    id: 'outcome.insufficientIncome.housing.link',
    defaultMessage: 'Find a HUD-approved housing counselor',
  },

  notEnoughEligibleDebtTitle: {
    id: 'outcome.notEnoughEligibleDebt.title',
    defaultMessage: 'Not enough debt for a plan',
  },
  notEnoughEligibleDebtWhy: {
    id: 'outcome.notEnoughEligibleDebt.why',
    defaultMessage:
      'A plan needs at least {minimum} of unsecured debt chosen for it. The debts chosen for your plan total less than that, or none was chosen.',
  },
  coversTitle: { id: 'outcome.notEnoughEligibleDebt.covers.title', defaultMessage: 'What a plan covers' },
  coversText: {
    id: 'outcome.notEnoughEligibleDebt.covers.text',
    defaultMessage:
      'A Debt Management Plan covers unsecured debts: credit cards, store and charge cards, lines of credit, unsecured personal loans and collection accounts. It does not cover a mortgage, a car loan or a student loan.',
  },
  notEnoughEligibleDebtCallText: {
    id: 'outcome.notEnoughEligibleDebt.call.text',
    defaultMessage:
      'If you have debts we did not see, call us at {phone}, {hours}, and a counsellor will look at them with you.',
  },

  noCreditFileTitle: {
    id: 'outcome.noCreditFile.title',
    defaultMessage: 'We could not find your credit file',
  },
  noCreditFileWhy: {
    id: 'outcome.noCreditFile.why',
    defaultMessage:
      'The credit bureau found no credit file under your name and date of birth, so we cannot see the debts a plan would cover.',
  },
  noCreditFileCallText: {
    id: 'outcome.noCreditFile.call.text',
    defaultMessage:
      'Call us at {phone}, {hours}: a counsellor can check your details and look at your debts with you.',
  },

  creditReportUnavailableTitle: {
    id: 'outcome.creditReportUnavailable.title',
    defaultMessage: 'We could not get your credit report',
  },
  creditReportUnavailableWhy: {
    id: 'outcome.creditReportUnavailable.why',
    defaultMessage:
      'The credit bureau did not answer when we asked for your credit report, so we could not finish your application.',
  },
  creditReportUnavailableCallTitle: {
    id: 'outcome.creditReportUnavailable.call.title',
    defaultMessage: 'Try again later or call us',
  },
  creditReportUnavailableCallText: {
    id: 'outcome.creditReportUnavailable.call.text',
    defaultMessage:
      'This is usually temporary. Call us at {phone}, {hours}, and a counsellor will finish your application with you.',
  },

  noHardshipTitle: { id: 'outcome.noHardship.title', defaultMessage: 'No hardship was selected' },
  noHardshipWhy: {
    id: 'outcome.noHardship.why',
    defaultMessage:
      'A Debt Management Plan is for people facing a hardship, such as a loss or reduction of income, illness, divorce or a large unexpected expense. You did not select one.',
  },
  noHardshipCallTitle: {
    id: 'outcome.noHardship.call.title',
    defaultMessage: 'If one of them applies to you',
  },
  noHardshipCallText: {
    id: 'outcome.noHardship.call.text',
    defaultMessage:
      'Call us at {phone}, {hours}: a counsellor can add your hardship and finish your application with you.',
  },

  notLicensedTitle: {
    id: 'outcome.notLicensed.title',
    defaultMessage: 'We do not offer plans in your state yet',
  },
  notLicensedWhy: {
    id: 'outcome.notLicensed.why',
    defaultMessage:
      'We can only offer a Debt Management Plan in the states where we are licensed, and yours is not one of them yet.',
  },

  allOffersDeclinedTitle: {
    id: 'outcome.allOffersDeclined.title',
    defaultMessage: 'Your creditors declined the plan',
  },
  allOffersDeclinedWhy: {
    id: 'outcome.allOffersDeclined.why',
    defaultMessage:
      'Every creditor declined the plan we proposed, so there is no plan left to set up. Keep paying each card yourself.',
  },

  allOffersLeftOutTitle: { id: 'outcome.allOffersLeftOut.title', defaultMessage: 'You left every offer out' },
  allOffersLeftOutWhy: {
    id: 'outcome.allOffersLeftOut.why',
    defaultMessage:
      'You chose not to put any of your creditors on a plan, so there is no plan to set up. Keep paying each card yourself.',
  },
  allOffersLeftOutCallText: {
    id: 'outcome.allOffersLeftOut.call.text',
    defaultMessage:
      'Changed your mind, or want to talk through other ways to handle your debts? Call us at {phone}, {hours}: counselling is free.',
  },

  qualityControlFailedTitle: {
    id: 'outcome.qualityControlFailed.title',
    defaultMessage: 'A counsellor could not confirm your application',
  },
  qualityControlFailedWhy: {
    id: 'outcome.qualityControlFailed.why',
    defaultMessage:
      'A counsellor reviewed your application before it went to your creditors and could not confirm all the information a plan needs, such as your identity, your income, your expenses or a budget that works for you. So we cannot offer you a plan at this time.',
  },
  qualityControlFailedCallText: {
    id: 'outcome.qualityControlFailed.call.text',
    defaultMessage:
      'Call us at {phone}, {hours}: a counsellor will tell you what could not be confirmed and what you can do about it.',
  },

  notCompletedTitle: {
    id: 'outcome.notCompleted.title',
    defaultMessage: 'We could not finish your application',
  },
  notCompletedWhy: {
    id: 'outcome.notCompleted.why',
    defaultMessage: 'Something went wrong on our side while we worked out your plan.',
  },
  notCompletedCallText: {
    id: 'outcome.notCompleted.call.text',
    defaultMessage: 'Call us at {phone}, {hours}, and a counsellor will finish your application with you.',
  },
});

export type NextStepMessages = {
  title: MessageDescriptor;
  text: MessageDescriptor;
  link?: MessageDescriptor;
};
export type OutcomeMessages = {
  title: MessageDescriptor;
  why: MessageDescriptor;
  nextSteps: NextStepMessages[];
};

const callUs: NextStepMessages = { title: M.callUsTitle, text: M.callUsText, link: M.callUsLink };
const call = (title: MessageDescriptor, text: MessageDescriptor): NextStepMessages => ({
  title,
  text,
  link: M.callUsLink,
});

/** Each outcome's texts as messages, in the shape of OUTCOME_TEXTS (a next step's link keeps its address there). */
export const OUTCOME_MESSAGES: Readonly<Record<Outcome, OutcomeMessages>> = {
  cashflowTooHigh: {
    title: M.cashflowTooHighTitle,
    why: M.cashflowTooHighWhy,
    nextSteps: [{ title: M.cashflowTooHighStepTitle, text: M.cashflowTooHighStepText }],
  },
  insufficientIncome: {
    title: M.insufficientIncomeTitle,
    why: M.insufficientIncomeWhy,
    nextSteps: [
      callUs,
      { title: M.hardshipProgrammesTitle, text: M.hardshipProgrammesText },
      { title: M.housingTitle, text: M.housingText, link: M.housingLink },
    ],
  },
  notEnoughEligibleDebt: {
    title: M.notEnoughEligibleDebtTitle,
    why: M.notEnoughEligibleDebtWhy,
    nextSteps: [
      { title: M.coversTitle, text: M.coversText },
      call(M.callUsTitle, M.notEnoughEligibleDebtCallText),
    ],
  },
  noCreditFile: {
    title: M.noCreditFileTitle,
    why: M.noCreditFileWhy,
    nextSteps: [call(M.callUsShortTitle, M.noCreditFileCallText)],
  },
  creditReportUnavailable: {
    title: M.creditReportUnavailableTitle,
    why: M.creditReportUnavailableWhy,
    nextSteps: [call(M.creditReportUnavailableCallTitle, M.creditReportUnavailableCallText)],
  },
  noHardship: {
    title: M.noHardshipTitle,
    why: M.noHardshipWhy,
    nextSteps: [call(M.noHardshipCallTitle, M.noHardshipCallText)],
  },
  notLicensed: { title: M.notLicensedTitle, why: M.notLicensedWhy, nextSteps: [callUs] },
  allOffersDeclined: { title: M.allOffersDeclinedTitle, why: M.allOffersDeclinedWhy, nextSteps: [callUs] },
  allOffersLeftOut: {
    title: M.allOffersLeftOutTitle,
    why: M.allOffersLeftOutWhy,
    nextSteps: [call(M.callUsTitle, M.allOffersLeftOutCallText)],
  },
  qualityControlFailed: {
    title: M.qualityControlFailedTitle,
    why: M.qualityControlFailedWhy,
    nextSteps: [call(M.callUsTitle, M.qualityControlFailedCallText)],
  },
  notCompleted: {
    title: M.notCompletedTitle,
    why: M.notCompletedWhy,
    nextSteps: [call(M.callUsShortTitle, M.notCompletedCallText)],
  },
};

/**
 * The payoff plan's sentences (payoffPlanSentences and belowInterestWarning in payoff-plan.ts) as messages.
 * {month} is a month and year ('March 2028'), {duration} a PAYOFF_MESSAGES.duration.
 */
type PayoffMessage =
  | 'duration'
  | 'debtFreeNever'
  | 'debtFreeBy'
  | 'extraNever'
  | 'extraWouldBe'
  | 'extraSooner'
  | 'extraSaves'
  | 'belowInterest';

export const PAYOFF_MESSAGES: Record<PayoffMessage, MessageDescriptor> = defineMessages({
  duration: {
    id: 'outcome.payoff.duration',
    defaultMessage:
      '{years, plural, =0 {{months, plural, one {# month} other {# months}}} other {{months, plural, =0 {{years, plural, one {# year} other {# years}}} other {{years, plural, one {# year} other {# years}} and {months, plural, one {# month} other {# months}}}}}}',
  },
  debtFreeNever: {
    id: 'outcome.payoff.debtFreeNever',
    defaultMessage:
      'At your current payments of {payment} a month, your debts will not be paid off: the payments do not cover the interest they add.',
  },
  debtFreeBy: {
    id: 'outcome.payoff.debtFreeBy',
    defaultMessage:
      'At your current payments of {payment} a month, you will be debt-free by {month} ({duration}).',
  },
  extraNever: {
    id: 'outcome.payoff.extraNever',
    defaultMessage:
      'Even {more} more a month would not pay them off. Call us: a counsellor can help you find a way.',
  },
  extraWouldBe: {
    id: 'outcome.payoff.extraWouldBe',
    defaultMessage: 'Paying {more} more a month would make you debt-free by {month} ({duration}).',
  },
  extraSooner: {
    id: 'outcome.payoff.extraSooner',
    defaultMessage:
      'Paying {more} more a month makes you debt-free by {month}, {saved} sooner, and saves {interest} in interest.',
  },
  extraSaves: {
    id: 'outcome.payoff.extraSaves',
    defaultMessage: 'Paying {more} more a month saves {interest} in interest.',
  },
  belowInterest: {
    id: 'outcome.payoff.belowInterest',
    defaultMessage:
      '{paidOff, select, yes {At {payment} a month, {name} will not be paid off on its own: it adds {interest} of interest a month. In this plan it is paid off by {month}, once the payments of the other debts are freed up.} other {At {payment} a month, {name} will not be paid off on its own: it adds {interest} of interest a month.}}',
  },
});
