import { defineMessages, type MessageDescriptor } from 'react-intl';
import type { PlanDisclosureKey } from '#domain/enrollment/plan-disclosures';

/**
 * The plan's disclosures (PLAN_DISCLOSURES of the domain) as messages, so a borrower reading Spanish reads them
 * in Spanish. The English is the domain's, word for word (a test compares them): the acceptance stores the
 * disclosures' version, and the Letter of Authorization repeats the same sentences.
 */
export const PLAN_DISCLOSURE_MESSAGES: Record<PlanDisclosureKey, MessageDescriptor> = defineMessages({
  closedCards: {
    id: 'apply.offers.disclosure.closedCards',
    defaultMessage:
      'The credit cards on the plan are closed: creditors require it for the lower rate, and you should not open new credit while the plan lasts.',
  },
  creditEffect: {
    id: 'apply.offers.disclosure.creditEffect',
    defaultMessage:
      'Closing cards and the plan itself can lower your credit score for a while, and creditors may note the plan on your credit report. On-time payments through the plan help it recover.',
  },
  creditorsMayRefuse: {
    id: 'apply.offers.disclosure.creditorsMayRefuse',
    defaultMessage:
      'Each creditor decides whether to accept the plan: it may refuse, or counter with different terms. Keep paying every card yourself until its creditor accepts; we will tell you about each answer.',
  },
  agencyFunding: {
    id: 'apply.offers.disclosure.agencyFunding',
    defaultMessage:
      "The agency is a nonprofit, funded by the plan's fees and partly by creditors' voluntary contributions. These contributions do not change how we treat your creditors or what we recommend to you.",
  },
  fullyCredited: {
    id: 'apply.offers.disclosure.fullyCredited',
    defaultMessage:
      'Every dollar paid to a creditor through the plan is credited in full to your account with it.',
  },
  cancelAnyTime: {
    id: 'apply.offers.disclosure.cancelAnyTime',
    defaultMessage:
      'You may cancel the plan at any time, in writing or by phone, without a fee for cancelling.',
  },
  reportDifferences: {
    id: 'apply.offers.disclosure.reportDifferences',
    defaultMessage:
      "Compare our statements with your creditors' statements, and tell us at once about any difference.",
  },
});
