import { z } from 'zod';
import { BASIS_POINTS_PER_WHOLE } from '../money/cents';
import { currencyField, memoField, searchTextField } from './fields';
import { LIMITS } from './limits';
import { invalidMessage } from './messages';
import { COUNTER_APR_RANGE, MAX_COUNTER_APR_BP } from './staff';
import { creditorDetailsChangeViewSchema, creditorDetailsViewSchema } from './creditor-details';
import { MAX_PLAN_TERM_MONTHS, SILENT_DEFAULTS, type SilentDefault } from '../underwriting/constants';

// A new version of a creditor's concession programme, as creditor relations staff enter it: the terms every
// offer to that creditor is made on from then on (docs/decisions/0104-creditor-concessions-in-the-database.md).

export const PROGRAMME_LABELS = {
  proposedAprBp: 'Plan APR',
  paymentBp: 'Payment share',
  hardshipPaymentBp: 'Payment share with a hardship',
  minimumPayment: 'Minimum payment',
  maxTermMonths: 'Maximum term',
  fairShareBp: 'Fair share',
  silentDefault: 'Answer assumed when the creditor is silent',
  silentAfterDays: 'Days before assuming it',
  reason: 'Reason for the change',
} as const;

/** No offer runs past the plan's 60 months, so a longer maximum would change nothing. */
export const MAX_TERM_RANGE = 'Maximum term must be from 1 to 60 months';
/** Fair share is a part of each payment the creditor gives back; agencies report it at most about 15%. */
export const MAX_FAIR_SHARE_BP = 2500;
export const FAIR_SHARE_RANGE = 'Fair share must be from 0% to 25%';
export const SILENT_DAYS_RANGE = 'Days before assuming it must be from 1 to 365';

export const SILENT_DEFAULT_LABELS = {
  accepted: 'Accepted',
  declined: 'Declined',
} as const satisfies Record<SilentDefault, string>;

const wholeNumber = (label: string, min: number, max: number, range: string) =>
  z
    .number({ error: invalidMessage(label) })
    .int({ error: invalidMessage(label) })
    .min(min, { error: range })
    .max(max, { error: range });

/** A payment share is a part of the balance: more than nothing, at most all of it. */
export const shareRangeMessage = (label: string): string => `${label} must be more than 0% and at most 100%`;

const shareField = (label: string) =>
  z
    .number({ error: invalidMessage(label) })
    .int({ error: invalidMessage(label) })
    .min(1, { error: shareRangeMessage(label) })
    .max(BASIS_POINTS_PER_WHOLE, { error: shareRangeMessage(label) });

/** Rates and shares in basis points (8% = 800), the minimum in cents. */
export const programmeRevisionSchema = z.object({
  proposedAprBp: z
    .number({ error: invalidMessage(PROGRAMME_LABELS.proposedAprBp) })
    .int({ error: invalidMessage(PROGRAMME_LABELS.proposedAprBp) })
    .min(0, { error: COUNTER_APR_RANGE })
    .max(MAX_COUNTER_APR_BP, { error: COUNTER_APR_RANGE }),
  paymentBp: shareField(PROGRAMME_LABELS.paymentBp),
  hardshipPaymentBp: shareField(PROGRAMME_LABELS.hardshipPaymentBp),
  minimumPayment: currencyField(PROGRAMME_LABELS.minimumPayment, {
    allowZero: true,
    allowDecimals: true,
    maxLength: 6,
  }),
  maxTermMonths: wholeNumber(PROGRAMME_LABELS.maxTermMonths, 1, MAX_PLAN_TERM_MONTHS, MAX_TERM_RANGE),
  fairShareBp: wholeNumber(PROGRAMME_LABELS.fairShareBp, 0, MAX_FAIR_SHARE_BP, FAIR_SHARE_RANGE),
  silentDefault: z.enum(SILENT_DEFAULTS, { error: invalidMessage(PROGRAMME_LABELS.silentDefault) }),
  silentAfterDays: wholeNumber(PROGRAMME_LABELS.silentAfterDays, 1, 365, SILENT_DAYS_RANGE),
  reason: memoField(PROGRAMME_LABELS.reason),
});
export type ProgrammeRevision = z.infer<typeof programmeRevisionSchema>;

// ------------------------------------------------------------------ what the service portal reads

/** ISO 8601 timestamps, as every staff view sends them. */
const timestamp = z.string();

/** One version of a programme: its terms, when it took effect, who made it and why. */
export const programmeVersionViewSchema = z.object({
  id: z.string(),
  version: z.number().int(),
  effectiveFrom: timestamp,
  proposedAprBp: z.number().int(),
  paymentBp: z.number().int(),
  hardshipPaymentBp: z.number().int(),
  minimumPayment: z.number().int(),
  maxTermMonths: z.number().int(),
  fairShareBp: z.number().int(),
  silentDefault: z.enum(SILENT_DEFAULTS),
  silentAfterDays: z.number().int(),
  source: z.string().nullable(),
  reason: z.string().nullable(),
  /** The staff member's name; null for the shipped version. */
  createdBy: z.string().nullable(),
  createdAt: timestamp,
});
export type ProgrammeVersionView = z.infer<typeof programmeVersionViewSchema>;

export const creditorListItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  matchNames: z.array(z.string()),
  inForce: programmeVersionViewSchema,
});

/** GET /api/staff/creditors: the creditors whose name or match words contain the search, by name. */
export const creditorListSchema = z.object({
  items: z.array(creditorListItemSchema),
  /** More creditors matched than the list holds: the search should be narrower. */
  more: z.boolean(),
});

export type CreditorList = z.infer<typeof creditorListSchema>;

/** GET /api/staff/creditors/:id: the creditor, its programme in force and every version, newest first. */
export const creditorDetailSchema = creditorListItemSchema.extend({
  versions: z.array(programmeVersionViewSchema),
  /** Address, payment methods, proposal channel and response time, the ACH numbers masked. */
  details: creditorDetailsViewSchema,
  /** Every change of the details, newest first. */
  detailsHistory: z.array(creditorDetailsChangeViewSchema),
  /** The viewer may revise the programme (creditor relations staff). */
  canEdit: z.boolean(),
});
export type CreditorDetail = z.infer<typeof creditorDetailSchema>;

/** The most creditors a list answers with: an agency works with a few hundred; a search finds the rest. */
export const CREDITOR_LIST_LIMIT = 100;

export const creditorSearchSchema = z.object({
  search: searchTextField('Search', LIMITS.text).default(''),
});

/** A creditor's id in a path: lower-case words joined by hyphens ('american-express'). */
export const creditorIdParams = z.object({
  id: z.string().regex(/^[a-z0-9][a-z0-9-]{0,62}$/, { error: 'invalid' }),
});
