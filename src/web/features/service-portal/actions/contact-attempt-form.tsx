import { useId, useState } from 'react';
import { FormProvider, useWatch, type DefaultValues } from 'react-hook-form';
import { LIMITS } from '#domain/validation/limits';
import {
  CONTACT_ATTEMPT_LABELS,
  CONTACT_ATTEMPT_REASON_KEYS,
  CONTACT_ATTEMPT_REASON_LABELS,
  CONTACT_METHOD_LABELS,
  CONTACT_METHODS,
  CONTACT_OUTCOME_LABELS,
  CONTACT_OUTCOMES,
  contactAttemptSchema,
  type ContactAttempt,
  type ContactAttemptInput,
  type ContactAttemptView,
  type ContactMethod,
  type ContactOutcome,
  type ContactTextOutcome,
} from '#domain/validation/staff';
import { CheckboxField } from '#web/components/ui/form/checkbox-field';
import { StatusBanner } from '#web/components/ui/form/status-banner';
import { SubmitButton } from '#web/components/ui/form/submit-button';
import { TextAreaField } from '#web/components/ui/form/text-area-field';
import { useZodForm } from '#web/components/ui/form/use-zod-form';
import { YesNoField } from '#web/components/ui/form/yes-no-field';
import { recordContactAttempt } from '#web/features/service-portal/api';
import { ActionAlert, useStaffAction } from './staff-action-parts';
import { ChoiceField, type Choice } from '#web/components/ui/form/choice-field';

export const CONTACT_ATTEMPT_TITLE = 'Record a contact attempt';
export const CONTACT_ATTEMPT_REASONS_LEGEND = 'Reasons for contact';
export const CONTACT_ATTEMPT_SAVED = 'Contact attempt saved.';
/** Under the offer question while the outcome is not 'Reached' (the question is shown, not yet asked). */
export const CONTACT_OFFER_QUESTION_HINT = 'Asked when the outcome is Reached.';

/** What became of a text-message attempt's text (the server says; the borrower may have opted out of SMS). */
export const CONTACT_TEXT_OUTCOME_MESSAGES = {
  queued: 'A text message is on its way to the borrower.',
  optedOut: 'No text message was sent: the borrower opted out of text messages.',
  noPhone: 'No text message was sent: the borrower has no phone number.',
} as const satisfies Record<ContactTextOutcome, string>;

const METHODS: readonly Choice<ContactMethod>[] = CONTACT_METHODS.map((method) => ({
  value: method,
  label: CONTACT_METHOD_LABELS[method],
}));

const OUTCOMES: readonly Choice<ContactOutcome>[] = CONTACT_OUTCOMES.map((outcome) => ({
  value: outcome,
  label: CONTACT_OUTCOME_LABELS[outcome],
}));

const EMPTY_FORM = {
  method: undefined,
  outcome: undefined,
  notes: '',
  didTheBorrowerReceiveAnOffer: null,
  reasons: {
    validateProposedBudget: false,
    verifyAnExpense: false,
    verifyConsumerIdentity: false,
    verifyIncome: false,
  },
} satisfies DefaultValues<ContactAttemptInput>;

export type ContactAttemptFormProps = {
  applicationId: string;
  /** Called with the recorded attempt (the form has been cleared for the next one). */
  onSaved: (attempt: ContactAttemptView) => void;
};

/**
 * Records a contact attempt by the signed-in counsellor: method phone or text message, the outcome (a
 * choice) with optional notes (a counter of what is left; text past the limit is kept and refused with its
 * message, never cut), whether the borrower received an offer (shown from the start, answerable and required
 * only when the borrower was reached, otherwise sent as null), and the reasons checklist (every box is sent, ticked or not). A
 * text-message attempt also texts the borrower unless they opted out; the form says which happened.
 */
export function ContactAttemptForm({ applicationId, onSaved }: ContactAttemptFormProps) {
  const headingId = useId();
  const form = useZodForm(contactAttemptSchema, EMPTY_FORM);
  const action = useStaffAction(
    (attempt: ContactAttempt, idempotencyKey?: string) =>
      recordContactAttempt(applicationId, attempt, idempotencyKey),
    form,
    ['method', 'outcome', 'notes', 'didTheBorrowerReceiveAnOffer'],
  );
  const outcome = useWatch({ control: form.control, name: 'outcome' });
  // An answer given before the outcome changed away from 'reached' is not sent: the question is not asked.
  const chooseOutcome = (chosen: ContactOutcome) => {
    if (chosen !== 'reached') {
      form.setValue('didTheBorrowerReceiveAnOffer', null, { shouldValidate: form.formState.isSubmitted });
    }
  };
  const [saved, setSaved] = useState<string>();
  // One key per attempt being recorded: a retry after a lost answer cannot record it twice.
  const [idempotencyKey, setIdempotencyKey] = useState(() => crypto.randomUUID());

  const onSubmit = form.handleSubmit(async (attempt) => {
    setSaved(undefined);
    const view = await action.run(attempt, idempotencyKey);
    if (!view) return;
    setIdempotencyKey(crypto.randomUUID());
    setSaved(
      [CONTACT_ATTEMPT_SAVED, view.textMessage ? CONTACT_TEXT_OUTCOME_MESSAGES[view.textMessage] : undefined]
        .filter(Boolean)
        .join(' '),
    );
    form.reset(EMPTY_FORM);
    onSaved(view);
  });

  return (
    <FormProvider {...form}>
      <form
        noValidate
        aria-labelledby={headingId}
        onSubmit={(event) => void onSubmit(event)}
        onChange={() => setSaved(undefined)}
        className="space-y-5 rounded-lg border border-gray-200 bg-white p-4 sm:p-6"
      >
        <h3 id={headingId} className="text-lg font-semibold text-gray-900">
          {CONTACT_ATTEMPT_TITLE}
        </h3>
        <StatusBanner message={saved} />
        {/* Two columns on a wide screen: what happened on the left, the notes and reasons on the right. */}
        <div className="grid gap-5 lg:grid-cols-2 lg:gap-x-8">
          <div className="grid min-w-0 content-start gap-5">
            <ChoiceField name="method" legend={CONTACT_ATTEMPT_LABELS.method} choices={METHODS} />
            <ChoiceField
              name="outcome"
              legend={CONTACT_ATTEMPT_LABELS.outcome}
              choices={OUTCOMES}
              onChoose={chooseOutcome}
            />
            {/* Always in the form, so the counsellor sees from the start what a reached borrower is asked; it
                opens with 'Reached', and the answer is required then. */}
            <YesNoField
              name="didTheBorrowerReceiveAnOffer"
              question={CONTACT_ATTEMPT_LABELS.didTheBorrowerReceiveAnOffer}
              disabled={outcome !== 'reached'}
              hint={outcome === 'reached' ? undefined : CONTACT_OFFER_QUESTION_HINT}
            />
          </div>
          <div className="grid min-w-0 content-start gap-5">
            <TextAreaField
              name="notes"
              label={`${CONTACT_ATTEMPT_LABELS.notes} (optional)`}
              limit={LIMITS.text}
            />
            <fieldset>
              <legend className="text-base font-medium text-gray-900">
                {CONTACT_ATTEMPT_REASONS_LEGEND}
              </legend>
              <div className="mt-2 grid gap-3 sm:grid-cols-2">
                {CONTACT_ATTEMPT_REASON_KEYS.map((key) => (
                  <CheckboxField
                    key={key}
                    name={`reasons.${key}`}
                    label={CONTACT_ATTEMPT_REASON_LABELS[key]}
                  />
                ))}
              </div>
            </fieldset>
          </div>
        </div>
        <ActionAlert message={action.error} />
        <SubmitButton busy={action.busy} className="sm:w-auto">
          Save contact attempt
        </SubmitButton>
      </form>
    </FormProvider>
  );
}
