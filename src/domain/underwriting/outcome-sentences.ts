import type { IntlShape, MessageDescriptor } from '@formatjs/intl';
import { addMonthsToMonth, monthOf, parseDay, utcDayOf } from '#domain/calendar';
import { formatDollars } from '../money/cents';
import { SITE } from '../site';
import { MINIMUM_ELIGIBLE_BALANCE } from './constants';
import { OUTCOME_MESSAGES, PAYOFF_MESSAGES } from './outcome-messages';
import { HUD_COUNSELING_PHONE, OUTCOME_TEXTS, type Outcome, type OutcomeText } from './outcomes';
import type { PayoffPlan, PayoffPlanDebt } from './payoff-plan';

// What a borrower who does not qualify reads, written in the reader's language: the page and the email both
// write from here, so a Spanish reader meets the same Spanish in both and no English. In English the words
// are the domain's (OUTCOME_TEXTS, payoffPlanSentences, belowInterestWarning) word for word; the tests
// compare them.

/** What these sentences need of an intl object: the browser's (react-intl) and the server's alike. */
type Writer = Pick<IntlShape, 'formatMessage' | 'formatDate'>;

/**
 * One outcome's title, why and next steps in the reader's language. `hours` is the office hours as the
 * caller writes them in that language. The links keep the domain's addresses.
 */
export function outcomeText(intl: Writer, outcome: Outcome, hours: string): OutcomeText {
  const messages = OUTCOME_MESSAGES[outcome];
  const values = {
    phone: SITE.phone.display,
    hours,
    minimum: formatDollars(MINIMUM_ELIGIBLE_BALANCE),
    hudPhone: HUD_COUNSELING_PHONE,
  };
  const write = (message: MessageDescriptor) => intl.formatMessage(message, values);
  return {
    title: write(messages.title),
    why: write(messages.why),
    nextSteps: OUTCOME_TEXTS[outcome].nextSteps.map((step, index) => {
      const words = messages.nextSteps[index];
      if (!words) throw new Error(`${outcome}: next step ${index} has no message`);
      return {
        title: write(words.title),
        text: write(words.text),
        ...(step.link && words.link ? { link: { href: step.link.href, label: write(words.link) } } : {}),
      };
    }),
  };
}

/** The month `months` after today's, with its year: 'March 2028' ('marzo de 2028'), as debtFreeMonth writes it. */
export function monthAfter(intl: Writer, today: Date, months: number): string {
  const month = addMonthsToMonth(monthOf(utcDayOf(today)), months);
  return intl.formatDate(parseDay(`${month}-01`), {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** '1 year and 3 months', as describeMonths writes it, in the reader's language. */
const duration = (intl: Writer, months: number) =>
  intl.formatMessage(PAYOFF_MESSAGES.duration, { years: Math.floor(months / 12), months: months % 12 });

/** payoffPlanSentences of the domain, in the reader's language (the same English, the same choices). */
export function payoffSentences(
  intl: Writer,
  plan: Pick<
    PayoffPlan,
    'monthlyPayment' | 'current' | 'extraPayment' | 'withExtra' | 'monthsSaved' | 'interestSaved'
  >,
  today: Date,
): { debtFree: string; extra: string } {
  const payment = formatDollars(plan.monthlyPayment);
  const more = formatDollars(plan.extraPayment);
  const interest = formatDollars(plan.interestSaved);
  const { current, withExtra } = plan;
  const debtFree =
    current.months === null
      ? intl.formatMessage(PAYOFF_MESSAGES.debtFreeNever, { payment })
      : intl.formatMessage(PAYOFF_MESSAGES.debtFreeBy, {
          payment,
          month: monthAfter(intl, today, current.months),
          duration: duration(intl, current.months),
        });
  let extra: string;
  if (withExtra.months === null) {
    extra = intl.formatMessage(PAYOFF_MESSAGES.extraNever, { more });
  } else if (current.months === null) {
    extra = intl.formatMessage(PAYOFF_MESSAGES.extraWouldBe, {
      more,
      month: monthAfter(intl, today, withExtra.months),
      duration: duration(intl, withExtra.months),
    });
  } else if ((plan.monthsSaved ?? 0) > 0) {
    extra = intl.formatMessage(PAYOFF_MESSAGES.extraSooner, {
      more,
      month: monthAfter(intl, today, withExtra.months),
      saved: duration(intl, plan.monthsSaved ?? 0),
      interest,
    });
  } else {
    extra = intl.formatMessage(PAYOFF_MESSAGES.extraSaves, { more, interest });
  }
  return { debtFree, extra };
}

/** belowInterestWarning of the domain, in the reader's language. */
export function belowInterestText(
  intl: Writer,
  debt: Pick<
    PayoffPlanDebt,
    'name' | 'payment' | 'firstMonthInterest' | 'paymentCoversInterest' | 'paidOffMonth'
  >,
  today: Date,
): string | null {
  if (debt.paymentCoversInterest) return null;
  return intl.formatMessage(PAYOFF_MESSAGES.belowInterest, {
    paidOff: debt.paidOffMonth === null ? 'no' : 'yes',
    payment: formatDollars(debt.payment),
    name: debt.name,
    interest: formatDollars(debt.firstMonthInterest),
    month: debt.paidOffMonth === null ? '' : monthAfter(intl, today, debt.paidOffMonth),
  });
}
