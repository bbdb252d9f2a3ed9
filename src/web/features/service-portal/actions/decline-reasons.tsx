import {
  OFFER_DECLINE_HINT,
  OFFER_DECLINE_QUESTION,
  OFFER_DECLINE_REASON_KEYS,
  OFFER_DECLINE_REASON_LABELS,
  type OfferDeclineReason,
} from '#domain/validation/staff';
import { ChecklistField } from './staff-action-parts';
import type { Choice } from '#web/components/ui/form/choice-field';

const REASONS: readonly Choice<OfferDeclineReason>[] = OFFER_DECLINE_REASON_KEYS.map((key) => ({
  value: key,
  label: OFFER_DECLINE_REASON_LABELS[key],
}));

/**
 * The declined offer's checklist: 'What was the reason for rejection?' '(Select all
 * that apply)' with the seven reasons, stored in the surrounding form under `name` as the ticked keys.
 */
export function DeclineReasons({ name = 'reasons' }: { name?: string }) {
  return (
    <ChecklistField name={name} legend={OFFER_DECLINE_QUESTION} hint={OFFER_DECLINE_HINT} choices={REASONS} />
  );
}
