import { z } from 'zod';
import { BASIS_POINTS_PER_WHOLE } from '../money/cents';
import { currencyField, memoField } from './fields';
import { invalidMessage } from './messages';
import { COUNTER_APR_RANGE, MAX_COUNTER_APR_BP } from './staff';

// A new version of a creditor's concession programme, as creditor relations staff enter it: the terms every
// offer to that creditor is made on from then on (docs/decisions/0104-creditor-concessions-in-the-database.md).

export const PROGRAMME_LABELS = {
  proposedAprBp: 'Plan APR',
  paymentBp: 'Payment share',
  hardshipPaymentBp: 'Payment share with a hardship',
  minimumPayment: 'Minimum payment',
  reason: 'Reason for the change',
} as const;

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
  reason: memoField(PROGRAMME_LABELS.reason),
});
export type ProgrammeRevision = z.infer<typeof programmeRevisionSchema>;
