import { useEffect, useId } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { COUNTER_OFFER_LABELS } from '#domain/validation/staff';
import type { OfferView } from '#domain/flow/staff-views';
import { formatDollars } from '#domain/money/cents';
import { TextField } from '#web/components/ui/form/text-field';

export const COUNTER_OFFER_TITLE = "The creditor's counter-offer";
export const COUNTER_OFFER_HINT =
  'Fill in what the creditor changed; leave the other empty to keep the offer’s figure.';

const percent = (bp: number | null) => (bp == null ? '' : `${(bp / 100).toFixed(2).replace(/\.?0+$/, '')}%`);

/**
 * The two figures a creditor may counter with: a monthly payment in dollars (cents allowed) and a plan APR in
 * percent. Each says what the offer had; the server checks them against the balance and answers beside them.
 */
export function CounterOfferFields({ offer }: { offer: OfferView }) {
  const headingId = useId();
  const { control, trigger, getFieldState } = useFormContext();
  const [payment, apr] = useWatch({ control, name: ['counterPayment', 'counterApr'] }) as unknown[];
  // "Enter the monthly payment, the plan APR or both" sits beside the payment: typing either figure answers
  // it, so it is checked again as either changes (only once it has been shown).
  useEffect(() => {
    if (getFieldState('counterPayment').error) void trigger('counterPayment');
  }, [payment, apr, getFieldState, trigger]);
  return (
    <fieldset aria-labelledby={headingId} className="space-y-3">
      <legend id={headingId} className="text-base font-medium text-gray-900">
        {COUNTER_OFFER_TITLE}
      </legend>
      <p className="text-sm text-gray-700">{COUNTER_OFFER_HINT}</p>
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          name="counterPayment"
          label={`${COUNTER_OFFER_LABELS.counterPayment} (dollars)`}
          hint={`Offered: ${formatDollars(offer.payment)} a month`}
          inputMode="decimal"
          autoComplete="off"
          placeholder="$"
        />
        <TextField
          name="counterApr"
          label={`${COUNTER_OFFER_LABELS.counterApr} (percent)`}
          hint={offer.proposedApr == null ? '0% to 36%' : `Offered: ${percent(offer.proposedApr)}; 0% to 36%`}
          inputMode="decimal"
          autoComplete="off"
          placeholder="%"
        />
      </div>
    </fieldset>
  );
}
