import { defineMessages, type MessageDescriptor } from '@formatjs/intl';
import type { Language } from '#domain/i18n/language';

// What a borrower is told before agreeing to a debt management plan with a nonprofit agency, in one place: the
// offer's acceptance shows it, the Letter of Authorization repeats it, and the acceptance is stored with its
// version. Change a sentence → change the version, so a stored acceptance always says which words were read.

/** The version of PLAN_DISCLOSURES stored with each acceptance. */
export const PLAN_DISCLOSURES_VERSION = '2026-11-26';

/** How long before a draft a cancellation must reach the agency to stop that draft. */
export const REVOKE_NOTICE_BUSINESS_DAYS = 3;

export const PLAN_DISCLOSURES = [
  {
    key: 'closedCards',
    text: 'The credit cards on the plan are closed: creditors require it for the lower rate, and you should not open new credit while the plan lasts.',
  },
  {
    key: 'creditEffect',
    text: 'Closing cards and the plan itself can lower your credit score for a while, and creditors may note the plan on your credit report. On-time payments through the plan help it recover.',
  },
  {
    key: 'creditorsMayRefuse',
    text: 'Each creditor decides whether to accept the plan: it may refuse, or counter with different terms. Keep paying every card yourself until its creditor accepts; we will tell you about each answer.',
  },
  {
    key: 'agencyFunding',
    text: "The agency is a nonprofit, funded by the plan's fees and partly by creditors' voluntary contributions. These contributions do not change how we treat your creditors or what we recommend to you.",
  },
  {
    key: 'fullyCredited',
    text: 'Every dollar paid to a creditor through the plan is credited in full to your account with it.',
  },
  {
    key: 'cancelAnyTime',
    text: 'You may cancel the plan at any time, in writing or by phone, without a fee for cancelling.',
  },
  {
    key: 'reportDifferences',
    text: "Compare our statements with your creditors' statements, and tell us at once about any difference.",
  },
] as const;

export type PlanDisclosureKey = (typeof PLAN_DISCLOSURES)[number]['key'];

/**
 * The disclosures' words as messages, for a page or the letter to show in the reader's language; the English is
 * each one's text above (a test checks they agree).
 */
export const PLAN_DISCLOSURE_MESSAGES: Record<PlanDisclosureKey, MessageDescriptor> = defineMessages({
  closedCards: {
    id: 'legal.planDisclosure.closedCards',
    defaultMessage:
      'The credit cards on the plan are closed: creditors require it for the lower rate, and you should not open new credit while the plan lasts.',
  },
  creditEffect: {
    id: 'legal.planDisclosure.creditEffect',
    defaultMessage:
      'Closing cards and the plan itself can lower your credit score for a while, and creditors may note the plan on your credit report. On-time payments through the plan help it recover.',
  },
  creditorsMayRefuse: {
    id: 'legal.planDisclosure.creditorsMayRefuse',
    defaultMessage:
      'Each creditor decides whether to accept the plan: it may refuse, or counter with different terms. Keep paying every card yourself until its creditor accepts; we will tell you about each answer.',
  },
  agencyFunding: {
    id: 'legal.planDisclosure.agencyFunding',
    defaultMessage:
      "The agency is a nonprofit, funded by the plan's fees and partly by creditors' voluntary contributions. These contributions do not change how we treat your creditors or what we recommend to you.",
  },
  fullyCredited: {
    id: 'legal.planDisclosure.fullyCredited',
    defaultMessage:
      'Every dollar paid to a creditor through the plan is credited in full to your account with it.',
  },
  cancelAnyTime: {
    id: 'legal.planDisclosure.cancelAnyTime',
    defaultMessage:
      'You may cancel the plan at any time, in writing or by phone, without a fee for cancelling.',
  },
  reportDifferences: {
    id: 'legal.planDisclosure.reportDifferences',
    defaultMessage:
      "Compare our statements with your creditors' statements, and tell us at once about any difference.",
  },
});

/** The version of the disclosures' words in each language (the English one is PLAN_DISCLOSURES_VERSION). */
export const PLAN_DISCLOSURES_VERSIONS: Record<Language, string> = {
  en: PLAN_DISCLOSURES_VERSION,
  es: '2026-11-26.es',
};
