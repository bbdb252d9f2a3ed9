import { defineMessages } from '@formatjs/intl';

// A module of its own, apart from the consent's schemas: the landing pages load the application's schemas
// (the lead form's), and the messages declared here belong to the application's pages, not to the landing
// pages' part of the catalog (src/domain/i18n/catalog-parts.ts).

/**
 * The authorization's words, as the spouse reads them before ticking: at the applicant's screen the credit
 * page's own sentence (the product's text since the first version), from the emailed link the same in the
 * first person. Recorded with the consent in the language read.
 */
export const SPOUSE_CONSENT_TEXTS = defineMessages({
  atScreen: {
    id: 'apply.credit.consent.spouse',
    defaultMessage:
      'My spouse authorizes Clearpath Debt Relief to obtain their credit report (a soft inquiry that does not affect their credit score).',
  },
  emailedLink: {
    id: 'spouseConsent.authorization',
    defaultMessage:
      'I authorize Clearpath Debt Relief to obtain my credit report (a soft inquiry that does not affect my credit score) for the Debt Management Plan application I make with my spouse.',
  },
});
