/**
 * What the agency's CRM receives for a plan, part by part: the hand-over event that is sent when the
 * application moves to transfer (the server's partner webhook). Staff read it before confirming the
 * hand-over; the server's test holds the event to these parts, so the words cannot drift from what is sent.
 * Money and account numbers follow the event: amounts as figures, account and routing numbers by their last
 * four digits only.
 */
export const PARTNER_HAND_OVER_PARTS = {
  borrower: "The borrower's name, email, phone, address and preferred language",
  spouse: "The spouse's name, email and phone (when there is a spouse)",
  enrollment:
    'The plan: the monthly payment, the number of months, the first payment date and the date signed',
  acceptedOffers:
    "Each accepted offer: the creditor, the account's last 4 digits, the balance, payment, term and rate, and " +
    'how the creditor is paid (check or ACH, numbers by their last 4 digits)',
} as const;
export type PartnerHandOverPart = keyof typeof PARTNER_HAND_OVER_PARTS;

/** The event's parts that only identify it (not the borrower's information). */
export const PARTNER_HAND_OVER_ENVELOPE = ['id', 'type', 'createdAt', 'applicationId'] as const;
