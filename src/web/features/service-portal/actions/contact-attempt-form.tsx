import { useId, useState } from 'react';
import { FormProvider, type DefaultValues } from 'react-hook-form';
import {
  CONTACT_ATTEMPT_LABELS,
  CONTACT_ATTEMPT_REASON_KEYS,
  CONTACT_ATTEMPT_REASON_LABELS,
  CONTACT_METHOD_LABELS,
  CONTACT_METHODS,
  contactAttemptSchema,
  type ContactAttempt,
  type ContactAttemptInput,
  type ContactAttemptView,
  type ContactMethod,
  type ContactTextOutcome,
} from '#domain/validation/staff';
import { CheckboxField } from '#web/components/ui/form/checkbox-field';
import { StatusBanner } from '#web/components/ui/form/status-banner';
import { SubmitButton } from '#web/components/ui/form/submit-button';
import { TextField } from '#web/components/ui/form/text-field';
import { useZodForm } from '#web/components/ui/form/use-zod-form';
import { YesNoField } from '#web/components/ui/form/yes-no-field';
import { recordContactAttempt } from '#web/features/service-portal/api';
import { ActionAlert, useStaffAction } from './staff-action-parts';
import { ChoiceField, type Choice } from '#web/components/ui/form/choice-field';

export const CONTACT_ATTEMPT_TITLE = 'Record a contact attempt';
export const CONTACT_ATTEMPT_REASONS_LEGEND = 'Reasons for contact';
export const CONTACT_ATTEMPT_SAVED = 'Contact attempt saved.';

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

const EMPTY_FORM = {
  method: undefined,
  outcome: '',
  didTheBorrowerReceiveAnOffer: undefined,
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
 * Records a contact attempt by the signed-in counsellor: method phone or text
 * message, the outcome, whether the borrower received an offer, and the reasons checklist (every box is
 * sent, ticked or not). A text-message attempt also texts the borrower unless they opted out; the form says
 * which happened.
 */
export function ContactAttemptForm({ applicationId, onSaved }: ContactAttemptFormProps) {
  const headingId = useId();
  const form = useZodForm(contactAttemptSchema, EMPTY_FORM);
  const action = useStaffAction(
    (attempt: ContactAttempt, idempotencyKey?: string) =>
      recordContactAttempt(applicationId, attempt, idempotencyKey),
    form,
    ['method', 'outcome', 'didTheBorrowerReceiveAnOffer'],
  );
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
        <ChoiceField name="method" legend={CONTACT_ATTEMPT_LABELS.method} choices={METHODS} />
        <TextField name="outcome" label={CONTACT_ATTEMPT_LABELS.outcome} autoComplete="off" />
        <YesNoField
          name="didTheBorrowerReceiveAnOffer"
          question={CONTACT_ATTEMPT_LABELS.didTheBorrowerReceiveAnOffer}
        />
        <fieldset>
          <legend className="text-base font-medium text-gray-900">{CONTACT_ATTEMPT_REASONS_LEGEND}</legend>
          <div className="mt-2 grid gap-3 sm:grid-cols-2">
            {CONTACT_ATTEMPT_REASON_KEYS.map((key) => (
              <CheckboxField key={key} name={`reasons.${key}`} label={CONTACT_ATTEMPT_REASON_LABELS[key]} />
            ))}
          </div>
        </fieldset>
        <ActionAlert message={action.error} />
        <SubmitButton busy={action.busy} className="sm:w-auto">
          Save contact attempt
        </SubmitButton>
      </form>
    </FormProvider>
  );
}
