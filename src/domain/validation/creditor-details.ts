import { z } from 'zod';
import {
  addressField,
  creditorAccountNumberField,
  emailField,
  fieldHasMessage,
  memoField,
  routingNumberField,
  whenParsed,
  zipField,
} from './fields';
import { invalidMessage, requiredMessage } from './messages';
import { US_STATE_CODES, type UsStateCode } from './states';

// A creditor's details as creditor relations staff keep them: where checks go, the ACH account, how proposals
// reach the creditor, how fast it answers, and whether it waits for on-time payments before granting its
// concessions (docs/decisions/0107-creditor-details.md).

export const PROPOSAL_CHANNELS = ['email', 'batch', 'mail'] as const;
export type ProposalChannel = (typeof PROPOSAL_CHANNELS)[number];

export const PROPOSAL_CHANNEL_LABELS = {
  email: 'Email',
  batch: 'Electronic batch',
  mail: 'Mail',
} as const satisfies Record<ProposalChannel, string>;

export const CREDITOR_DETAILS_LABELS = {
  addressLine1: 'Address line 1',
  addressLine2: 'Address line 2',
  city: 'City',
  state: 'State',
  zipCode: 'Zip code',
  paysByCheck: 'Check',
  paysByAch: 'ACH',
  routingNumber: 'Routing Number',
  accountNumber: 'Account Number',
  proposalChannel: 'Proposals by',
  proposalEmail: 'Email for proposals',
  responseDays: 'Usual response time (days)',
  concessionsAfterPayments: 'On-time payments before concessions',
  reason: 'Reason for the change',
} as const;
const L = CREDITOR_DETAILS_LABELS;

/** The longest a creditor may usually take to answer: a year. */
export const MAX_RESPONSE_DAYS = 365;
/** The most on-time payments a creditor may ask for before its concessions: a whole 60-month plan. */
export const MAX_PAYMENTS_BEFORE_CONCESSIONS = 60;

export const rangeMessage = (label: string, min: number, max: number): string =>
  `${label} must be from ${min} to ${max}`;

/** A whole number typed into a form, optional: null or undefined when empty, refused outside [min, max]. */
const optionalWholeNumber = (label: string, min: number, max: number) =>
  z
    .number({ error: invalidMessage(label) })
    .int({ error: invalidMessage(label) })
    .min(min, { error: rangeMessage(label, min, max) })
    .max(max, { error: rangeMessage(label, min, max) })
    .nullable()
    .optional()
    .transform((v) => v ?? null);

const optionalState = z
  .enum(US_STATE_CODES as [UsStateCode, ...UsStateCode[]], { error: invalidMessage(L.state) })
  .nullable()
  .optional()
  .transform((v) => v ?? undefined);

/**
 * A change of a creditor's details, with its reason. The ACH numbers are write-only: staff see their last
 * four digits, so an empty pair keeps the stored numbers and a new pair replaces them (both or neither).
 * Checks and mailed proposals need the whole remittance address; emailed proposals need their address.
 */
export const creditorDetailsSchema = z
  .strictObject({
    addressLine1: addressField(L.addressLine1, { optional: true }),
    addressLine2: addressField(L.addressLine2, { optional: true }),
    city: addressField(L.city, { optional: true }),
    state: optionalState,
    zipCode: zipField(L.zipCode, { optional: true }),
    paysByCheck: z.boolean({ error: requiredMessage(L.paysByCheck) }),
    paysByAch: z.boolean({ error: requiredMessage(L.paysByAch) }),
    routingNumber: routingNumberField(L.routingNumber, { optional: true }),
    accountNumber: creditorAccountNumberField(L.accountNumber, { optional: true }),
    proposalChannel: z
      .enum(PROPOSAL_CHANNELS, { error: invalidMessage(L.proposalChannel) })
      .nullable()
      .optional()
      .transform((v) => v ?? null),
    proposalEmail: emailField(L.proposalEmail, { optional: true }),
    responseDays: optionalWholeNumber(L.responseDays, 1, MAX_RESPONSE_DAYS),
    concessionsAfterPayments: optionalWholeNumber(
      L.concessionsAfterPayments,
      1,
      MAX_PAYMENTS_BEFORE_CONCESSIONS,
    ),
    reason: memoField(L.reason),
  })
  .superRefine(
    (v, ctx) => {
      const require = (key: keyof typeof L) => {
        if (v[key as keyof typeof v] == null && !fieldHasMessage(ctx, key)) {
          ctx.addIssue({ code: 'custom', path: [key], message: requiredMessage(L[key]) });
        }
      };
      if (v.paysByCheck || v.proposalChannel === 'mail') {
        for (const key of ['addressLine1', 'city', 'state', 'zipCode'] as const) require(key);
      }
      if (v.proposalChannel === 'email') require('proposalEmail');
      if (v.paysByAch && (v.routingNumber == null) !== (v.accountNumber == null)) {
        require(v.routingNumber == null ? 'routingNumber' : 'accountNumber');
      }
    },
    whenParsed('paysByCheck', 'paysByAch', 'proposalChannel'),
  )
  .transform((v) => ({
    ...v,
    // Numbers of a method the creditor does not take are not kept; nor an email it does not take proposals at.
    routingNumber: v.paysByAch ? v.routingNumber : undefined,
    accountNumber: v.paysByAch ? v.accountNumber : undefined,
    proposalEmail: v.proposalChannel === 'email' ? v.proposalEmail : undefined,
  }));
export type CreditorDetailsInput = z.input<typeof creditorDetailsSchema>;
export type CreditorDetailsChange = z.output<typeof creditorDetailsSchema>;

/** ACH is on but no numbers are stored nor given: the agency could not pay. */
export const ACH_NUMBERS_REQUIRED = {
  routingNumber: requiredMessage(L.routingNumber),
  accountNumber: requiredMessage(L.accountNumber),
} as const;

// ------------------------------------------------------------------ what the service portal reads

/** A creditor's details as staff see them (and as the history keeps them): the ACH numbers' last four only. */
export const creditorDetailsViewSchema = z.object({
  addressLine1: z.string().nullable(),
  addressLine2: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zipCode: z.string().nullable(),
  paysByCheck: z.boolean(),
  paysByAch: z.boolean(),
  routingNumberLast4: z.string().nullable(),
  accountNumberLast4: z.string().nullable(),
  proposalChannel: z.enum(PROPOSAL_CHANNELS).nullable(),
  proposalEmail: z.string().nullable(),
  responseDays: z.number().int().nullable(),
  concessionsAfterPayments: z.number().int().nullable(),
});
export type CreditorDetailsView = z.infer<typeof creditorDetailsViewSchema>;

/** One change of the details: who made it, when, why, and the details before and after. */
export const creditorDetailsChangeViewSchema = z.object({
  id: z.string(),
  changedBy: z.string(),
  createdAt: z.string(),
  reason: z.string(),
  before: creditorDetailsViewSchema,
  after: creditorDetailsViewSchema,
});
export type CreditorDetailsChangeView = z.infer<typeof creditorDetailsChangeViewSchema>;

/** How one detail reads to staff: '—' when unset, the ACH numbers masked. */
export function detailText(view: CreditorDetailsView, key: keyof CreditorDetailsView): string {
  const value = view[key];
  if (key === 'routingNumberLast4' || key === 'accountNumberLast4') {
    return value == null ? '—' : `•••• ${String(value)}`;
  }
  if (key === 'proposalChannel')
    return value == null ? '—' : PROPOSAL_CHANNEL_LABELS[value as ProposalChannel];
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  return value == null || value === '' ? '—' : String(value);
}

const DETAIL_LABELS = {
  addressLine1: L.addressLine1,
  addressLine2: L.addressLine2,
  city: L.city,
  state: L.state,
  zipCode: L.zipCode,
  paysByCheck: 'Pays by check',
  paysByAch: 'Pays by ACH',
  routingNumberLast4: L.routingNumber,
  accountNumberLast4: L.accountNumber,
  proposalChannel: L.proposalChannel,
  proposalEmail: L.proposalEmail,
  responseDays: L.responseDays,
  concessionsAfterPayments: L.concessionsAfterPayments,
} as const satisfies Record<keyof CreditorDetailsView, string>;

/** The details a change made differ in, in the form's order: what the history shows as before → after. */
export function detailDifferences(
  before: CreditorDetailsView,
  after: CreditorDetailsView,
): { label: string; before: string; after: string }[] {
  return (Object.keys(DETAIL_LABELS) as (keyof CreditorDetailsView)[]).flatMap((key) => {
    const was = detailText(before, key);
    const is = detailText(after, key);
    return was === is ? [] : [{ label: DETAIL_LABELS[key], before: was, after: is }];
  });
}
