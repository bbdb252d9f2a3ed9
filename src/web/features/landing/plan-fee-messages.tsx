import { defineMessages, useIntl, type MessageDescriptor } from 'react-intl';
import { formatDollars } from '#domain/money/cents';
import { PLAN_FEE_SETTINGS, type PlanFeeSettings } from '#domain/underwriting/plan-fees';

// The landing pages' words about the plan's cost, in the page's language: the same English as the offers page
// (planFeeSummary and FREE_SERVICES_TEXT in the domain), with the fees filled in from src/data/plan-fees.json.
const messages: Record<'free' | 'summary', MessageDescriptor> = defineMessages({
  free: {
    id: 'landing.fees.free',
    defaultMessage: 'Your debt analysis and credit counseling are free.',
  },
  summary: {
    id: 'landing.fees.summary',
    defaultMessage:
      "{fees, select, both {A debt management plan may carry a set-up fee of up to {setupFee} and a monthly fee of up to {monthlyFee}, never more than your state's law allows.} setup {A debt management plan may carry a set-up fee of up to {setupFee}, never more than your state's law allows.} monthly {A debt management plan may carry a monthly fee of up to {monthlyFee}, never more than your state's law allows.} other {A debt management plan carries no fees.}}",
  },
});

const feeKind = (fees: PlanFeeSettings) =>
  fees.setupFee > 0 && fees.monthlyFee > 0
    ? 'both'
    : fees.setupFee > 0
      ? 'setup'
      : fees.monthlyFee > 0
        ? 'monthly'
        : 'none';

/** "Your debt analysis and credit counseling are free." and what a plan may cost, in the page's language. */
export function usePlanFeeText(fees: PlanFeeSettings = PLAN_FEE_SETTINGS) {
  const intl = useIntl();
  return {
    free: intl.formatMessage(messages.free),
    summary: intl.formatMessage(messages.summary, {
      fees: feeKind(fees),
      setupFee: formatDollars(fees.setupFee),
      monthlyFee: formatDollars(fees.monthlyFee),
    }),
  };
}
