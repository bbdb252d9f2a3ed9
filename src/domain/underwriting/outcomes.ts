import { formatDollars } from '../money/cents';
import { SITE } from '../site';
import { MINIMUM_ELIGIBLE_BALANCE } from './constants';
import { DISQUALIFICATION_REASONS } from './reasons';

// What a borrower who does not qualify reads, on /offers/not-qualified and in the email: why, in plain words,
// and what they can do next. The stored reasons are grouped into outcomes; each outcome has one text, used by
// the page and the email alike.

export const OUTCOMES = [
  'cashflowTooHigh',
  'insufficientIncome',
  'notEnoughEligibleDebt',
  'noCreditFile',
  'creditReportUnavailable',
  'noHardship',
  'notLicensed',
  'allOffersDeclined',
  'allOffersLeftOut',
  'qualityControlFailed',
  'notCompleted',
] as const;
export type Outcome = (typeof OUTCOMES)[number];

/** The bureau's answer when it has no file for the person (stored as the reason). */
export const NO_CREDIT_FILE_ERROR = 'no credit file found';

const R = DISQUALIFICATION_REASONS;
const BY_REASON: Readonly<Record<string, Outcome>> = {
  [R.cashflowTooHigh]: 'cashflowTooHigh',
  [R.insufficientIncome]: 'insufficientIncome',
  [R.notEnoughEligibleDebt]: 'notEnoughEligibleDebt',
  [R.notEnoughEligible]: 'notEnoughEligibleDebt',
  [NO_CREDIT_FILE_ERROR]: 'noCreditFile',
  [R.getCreditReportsFailed]: 'creditReportUnavailable',
  [R.getEligibleDebtsFailed]: 'creditReportUnavailable',
  [R.noHardship]: 'noHardship',
  [R.notLicensed]: 'notLicensed',
  [R.allOffersDeclined]: 'allOffersDeclined',
  [R.allOffersLeftOut]: 'allOffersLeftOut',
  [R.getExpenseEstimatesFailed]: 'notCompleted',
  [R.getDecisionFailed]: 'notCompleted',
  [R.getProposedBudgetFailed]: 'notCompleted',
  // A counsellor's failed quality control: one outcome whatever the items, since the borrower is told to call
  // and hears the details from a counsellor (the reasons are the staff's words, not the borrower's).
  couldNotVerifyConsumerIdentity: 'qualityControlFailed',
  couldNotVerifyExpenses: 'qualityControlFailed',
  couldNotVerifyIncome: 'qualityControlFailed',
  proposedBudgetWasUnrealistic: 'qualityControlFailed',
};

/**
 * The outcomes of an application's stored reasons, each once, in the order of OUTCOMES. A reason we do not
 * know is an error text the credit bureau returned: its outcome is that the report could not be had.
 */
export function outcomesOf(reasons: readonly string[]): Outcome[] {
  const found = new Set(reasons.map((r) => BY_REASON[r] ?? 'creditReportUnavailable'));
  return OUTCOMES.filter((o) => found.has(o));
}

export type NextStep = {
  title: string;
  text: string;
  /** A well-known official page, or the agency's phone ('tel:'). */
  link?: { label: string; href: string };
};

export type OutcomeText = {
  /** A short heading for the reason. */
  title: string;
  /** Why, in plain words. */
  why: string;
  nextSteps: NextStep[];
};

const callUs: NextStep = {
  title: 'Talk to a counsellor',
  text: `Call us at ${SITE.phone.display}, ${SITE.hours}. A certified credit counsellor will go through your situation with you, free of charge.`,
  link: { label: `Call ${SITE.phone.display}`, href: `tel:${SITE.phone.tel}` },
};

/** The official HUD look-up of approved housing counseling agencies. */
export const HUD_COUNSELING_URL = 'https://www.hud.gov/counseling';
/** HUD's housing counseling line, which finds an approved agency near the caller. */
export const HUD_COUNSELING_PHONE = '(800) 569-4287';

export const OUTCOME_TEXTS: Readonly<Record<Outcome, OutcomeText>> = {
  cashflowTooHigh: {
    title: 'You can pay your debts without a plan',
    why:
      'After your expenses, your income covers the payments on your debts with $500 or more a month to ' +
      'spare. A Debt Management Plan is for people who cannot keep up with their payments, so you do not ' +
      'need one: you can pay your debts off yourself.',
    nextSteps: [
      {
        title: 'Follow a do-it-yourself payoff plan',
        text:
          'Keep paying every debt its current payment. Put any money you can spare on the debt with the ' +
          'highest interest rate; when it is paid off, add its payment to the next one. This order (the ' +
          'avalanche method) costs you the least interest.',
      },
    ],
  },
  insufficientIncome: {
    title: 'The plan payment does not fit your budget',
    why:
      'After your expenses and your other debt payments, your income cannot cover the monthly payment a ' +
      'plan would need, even after lowering flexible expenses such as eating out and entertainment.',
    nextSteps: [
      callUs,
      {
        title: 'Ask your creditors about hardship programmes',
        text:
          'Many card issuers and lenders can lower your payment or interest rate for a while when your income ' +
          'has dropped. Call the number on the back of your card or on your statement and ask about a ' +
          'hardship programme.',
      },
      {
        title: 'Get free housing counselling',
        text:
          'If your rent or mortgage is hard to pay, a HUD-approved housing counseling agency can help at no ' +
          `cost. Find one on the U.S. Department of Housing and Urban Development's website, or call ${HUD_COUNSELING_PHONE}.`,
        link: { label: 'Find a HUD-approved housing counselor', href: HUD_COUNSELING_URL },
      },
    ],
  },
  notEnoughEligibleDebt: {
    title: 'Not enough debt for a plan',
    why:
      `A plan needs at least ${formatDollars(MINIMUM_ELIGIBLE_BALANCE)} of unsecured debt chosen for it. ` +
      'The debts chosen for your plan total less than that, or none was chosen.',
    nextSteps: [
      {
        title: 'What a plan covers',
        text:
          'A Debt Management Plan covers unsecured debts: credit cards, store and charge cards, lines of ' +
          'credit, unsecured personal loans and collection accounts. It does not cover a mortgage, a car ' +
          'loan or a student loan.',
      },
      {
        ...callUs,
        text: `If you have debts we did not see, call us at ${SITE.phone.display}, ${SITE.hours}, and a counsellor will look at them with you.`,
      },
    ],
  },
  noCreditFile: {
    title: 'We could not find your credit file',
    why:
      'The credit bureau found no credit file under your name and date of birth, so we cannot see the debts ' +
      'a plan would cover.',
    nextSteps: [
      {
        ...callUs,
        title: 'Call us',
        text: `Call us at ${SITE.phone.display}, ${SITE.hours}: a counsellor can check your details and look at your debts with you.`,
      },
    ],
  },
  creditReportUnavailable: {
    title: 'We could not get your credit report',
    why: 'The credit bureau did not answer when we asked for your credit report, so we could not finish your application.',
    nextSteps: [
      {
        ...callUs,
        title: 'Try again later or call us',
        text: `This is usually temporary. Call us at ${SITE.phone.display}, ${SITE.hours}, and a counsellor will finish your application with you.`,
      },
    ],
  },
  noHardship: {
    title: 'No hardship was selected',
    why:
      'A Debt Management Plan is for people facing a hardship, such as a loss or reduction of income, ' +
      'illness, divorce or a large unexpected expense. You did not select one.',
    nextSteps: [
      {
        ...callUs,
        title: 'If one of them applies to you',
        text: `Call us at ${SITE.phone.display}, ${SITE.hours}: a counsellor can add your hardship and finish your application with you.`,
      },
    ],
  },
  notLicensed: {
    title: 'We do not offer plans in your state yet',
    why: 'We can only offer a Debt Management Plan in the states where we are licensed, and yours is not one of them yet.',
    nextSteps: [callUs],
  },
  allOffersDeclined: {
    title: 'Your creditors declined the plan',
    why: 'Every creditor declined the plan we proposed, so there is no plan left to set up. Keep paying each card yourself.',
    nextSteps: [callUs],
  },
  allOffersLeftOut: {
    title: 'You left every offer out',
    why: 'You chose not to put any of your creditors on a plan, so there is no plan to set up. Keep paying each card yourself.',
    nextSteps: [
      {
        ...callUs,
        text: `Changed your mind, or want to talk through other ways to handle your debts? Call us at ${SITE.phone.display}, ${SITE.hours}: counselling is free.`,
      },
    ],
  },
  qualityControlFailed: {
    title: 'A counsellor could not confirm your application',
    why:
      'A counsellor reviewed your application before it went to your creditors and could not confirm all the ' +
      'information a plan needs, such as your identity, your income, your expenses or a budget that works for ' +
      'you. So we cannot offer you a plan at this time.',
    nextSteps: [
      {
        ...callUs,
        text: `Call us at ${SITE.phone.display}, ${SITE.hours}: a counsellor will tell you what could not be confirmed and what you can do about it.`,
      },
    ],
  },
  notCompleted: {
    title: 'We could not finish your application',
    why: 'Something went wrong on our side while we worked out your plan.',
    nextSteps: [
      {
        ...callUs,
        title: 'Call us',
        text: `Call us at ${SITE.phone.display}, ${SITE.hours}, and a counsellor will finish your application with you.`,
      },
    ],
  },
};
