import { defineMessages, type MessageDescriptor } from '@formatjs/intl';

// The words the built-in e-signature service stamps onto a signed document, in the document's language: a
// Spanish letter is stamped "Firmado electrónicamente por …" (the 'letter.' ids stay on the server).
export const SIGNATURE_STAMP_MESSAGES: Record<'signedBy' | 'pageTitle', MessageDescriptor> = defineMessages({
  signedBy: {
    id: 'letter.stamp.signedBy',
    defaultMessage:
      'Signed electronically by {name} ({role, select, spouse {spouse} other {borrower}}) on {when}',
  },
  pageTitle: { id: 'letter.stamp.pageTitle', defaultMessage: 'Electronic signatures' },
});
