import { useEffect, useId, useState } from 'react';
import { FormProvider, useWatch } from 'react-hook-form';
import { OUTCOME_TEXTS } from '#domain/underwriting/outcomes';
import {
  QUALITY_CONTROL_CHECKLIST_LEGEND,
  QUALITY_CONTROL_FAILED_ITEMS_LEGEND,
  QUALITY_CONTROL_ITEM_FAIL_REASONS,
  QUALITY_CONTROL_ITEM_LABELS,
  QUALITY_CONTROL_ITEMS,
  QUALITY_CONTROL_LABELS,
  QUALITY_CONTROL_REASON_LABELS,
  qualityControlFailReasons,
  qualityControlSchema,
  uncheckedQualityControlItems,
  type QualityControl,
  type QualityControlInput,
  type QualityControlItem,
  type StaffApplicationResult,
} from '#domain/validation/staff';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog';
import { CheckboxField } from '#web/components/ui/form/checkbox-field';
import { ChoiceField, type Choice } from '#web/components/ui/form/choice-field';
import { ERROR_CLASS, HINT_CLASS } from '#web/components/ui/form/styles';
import { useField } from '#web/components/ui/form/use-field';
import { useZodForm } from '#web/components/ui/form/use-zod-form';
import { Modal } from '#web/components/ui/modal';
import { recordQualityControl } from '#web/features/service-portal/api';
import { ActionAlert, ChecklistField, ModalButtons, useStaffAction } from './staff-action-parts';

export const QUALITY_CONTROL_TITLE = 'Quality control';
export const QUALITY_CONTROL_QUESTION = 'Did the application pass quality control?';
export const QUALITY_CONTROL_CHECKLIST_HINT = 'Check each item you verified.';
export const QUALITY_CONTROL_PASS_HINT = 'Passed can be chosen once every item of the checklist is checked.';
export const QUALITY_CONTROL_REASONS_LEGEND = QUALITY_CONTROL_FAILED_ITEMS_LEGEND;
export const QUALITY_CONTROL_REASONS_HINT = 'Choose each item that could not be verified.';
export const QUALITY_CONTROL_REASONS_ALL_CHECKED =
  'Every item of the checklist is checked. Uncheck what could not be verified to name it here.';
export const QUALITY_CONTROL_CONFIRM_TITLE = 'Fail quality control?';
export const QUALITY_CONTROL_CONFIRM_DESCRIPTION =
  'The application is disqualified and the borrower is emailed the text below. Only a supervisor can reopen it.';
export const QUALITY_CONTROL_CONFIRM_BORROWER_HEADING = 'What the borrower will be told';
export const QUALITY_CONTROL_CONFIRM_LABEL = 'Fail and tell the borrower';
export const QUALITY_CONTROL_SPANISH_NOTE =
  'The borrower reads Spanish: the email and page say this in Spanish.';

/** A fail's words for an item: its disqualification reason ('could not verify income'). */
const reasonLabel = (item: QualityControlItem) =>
  QUALITY_CONTROL_REASON_LABELS[QUALITY_CONTROL_ITEM_FAIL_REASONS[item]];

const EMPTY_FORM = {
  checklist: { consumerIdentity: false, income: false, expenses: false, proposedBudget: false },
  passed: null,
  failedItems: [],
} satisfies QualityControlInput;

export type QualityControlModalProps = {
  applicationId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Called with the application's new status after the review was recorded (the modal has closed). */
  onSaved: (result: StaffApplicationResult) => void;
  /** The borrower's language ('es' for Spanish), said beside the text a fail sends them. */
  borrowerLanguage?: string | null;
};

/**
 * Quality control of an application in counselorReview: a checklist (consumer identity, income, expenses, a
 * realistic budget), then pass or fail. Passed can be chosen only with every item checked; a fail names the
 * items that could not be verified (at least one, among the unchecked), and is confirmed in a dialog that
 * shows those reasons and the text the borrower will be sent (the domain's outcome text, the same as their
 * email and page). Every item is sent and recorded. Closing the modal drops the answers.
 */
export function QualityControlModal({
  applicationId,
  open,
  onOpenChange,
  onSaved,
  borrowerLanguage,
}: QualityControlModalProps) {
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={QUALITY_CONTROL_TITLE} size="md">
      <QualityControlForm
        applicationId={applicationId}
        borrowerLanguage={borrowerLanguage ?? null}
        onCancel={() => onOpenChange(false)}
        onSaved={(result) => {
          onOpenChange(false);
          onSaved(result);
        }}
      />
    </Modal>
  );
}

function QualityControlForm({
  applicationId,
  borrowerLanguage,
  onCancel,
  onSaved,
}: {
  applicationId: string;
  borrowerLanguage: string | null;
  onCancel: () => void;
  onSaved: (result: StaffApplicationResult) => void;
}) {
  const form = useZodForm(qualityControlSchema, EMPTY_FORM);
  const action = useStaffAction(
    (review: QualityControl) => recordQualityControl(applicationId, review),
    form,
    ['checklist', 'passed', 'failedItems'],
  );
  const passed = useWatch({ control: form.control, name: 'passed' });
  const checklist = useWatch({ control: form.control, name: 'checklist' });
  const failedItems = useWatch({ control: form.control, name: 'failedItems' });
  const unchecked = uncheckedQualityControlItems(checklist);
  const everyItemChecked = unchecked.length === 0;
  // A fail checked and waiting for the counsellor's confirmation.
  const [pending, setPending] = useState<QualityControl>();

  // Unchecking an item after choosing Passed takes the choice back: a pass needs every item; checking an item
  // takes it out of the fail's reasons: what was verified did not fail. After a submit, the messages are
  // checked again as the answers change.
  const submitted = form.formState.isSubmitted;
  const uncheckedKey = unchecked.join(' ');
  const failedKey = (failedItems ?? []).join(' ');
  useEffect(() => {
    if (!everyItemChecked && passed === true) form.setValue('passed', null);
    const stillFailing = (failedItems ?? []).filter((item) => !checklist[item]);
    if (stillFailing.length !== (failedItems ?? []).length) form.setValue('failedItems', stillFailing);
    if (submitted) void form.trigger(['checklist', 'passed', 'failedItems']);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the keys stand for the arrays they are made of
  }, [everyItemChecked, uncheckedKey, failedKey, passed, submitted, form]);

  const results: readonly Choice<boolean>[] = [
    { value: true, label: QUALITY_CONTROL_LABELS.passed, disabled: !everyItemChecked },
    { value: false, label: QUALITY_CONTROL_LABELS.failed },
  ];

  const record = async (review: QualityControl) => {
    const saved = await action.run(review);
    if (saved) onSaved(saved);
  };
  // A pass is recorded at once; a fail disqualifies the application and writes to the borrower, so it waits for
  // the confirmation.
  const onSubmit = form.handleSubmit(async (review) => {
    action.clearError();
    if (review.passed) await record(review);
    else setPending(review);
  });

  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="mt-6 space-y-6">
        <Checklist />
        <ChoiceField
          name="passed"
          legend={QUALITY_CONTROL_QUESTION}
          choices={results}
          hint={everyItemChecked ? undefined : QUALITY_CONTROL_PASS_HINT}
          onChoose={() => action.clearError()}
        />
        {passed === false && (
          <ChecklistField
            name="failedItems"
            legend={QUALITY_CONTROL_REASONS_LEGEND}
            hint={everyItemChecked ? QUALITY_CONTROL_REASONS_ALL_CHECKED : QUALITY_CONTROL_REASONS_HINT}
            choices={unchecked.map((item) => ({ value: item, label: reasonLabel(item) }))}
          />
        )}
        <ActionAlert message={action.error} />
        <ModalButtons busy={action.busy} onCancel={onCancel} />
      </form>
      <ConfirmFail
        review={pending}
        borrowerLanguage={borrowerLanguage}
        onCancel={() => setPending(undefined)}
        onConfirm={() => {
          const review = pending;
          setPending(undefined);
          if (review) void record(review);
        }}
      />
    </FormProvider>
  );
}

/**
 * The question before a fail is recorded: the reasons it records and what the borrower will read (title, why
 * and what to do next of the domain's outcome text, the words of their email and their page). Cancel goes back
 * to the form as it was; nothing is sent.
 */
function ConfirmFail({
  review,
  borrowerLanguage,
  onCancel,
  onConfirm,
}: {
  review: QualityControl | undefined;
  borrowerLanguage: string | null;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const reasonsId = useId();
  const borrowerId = useId();
  const told = OUTCOME_TEXTS.qualityControlFailed;
  const reasons = review ? qualityControlFailReasons(review.failedItems) : [];
  return (
    <ConfirmDialog
      open={review !== undefined}
      title={QUALITY_CONTROL_CONFIRM_TITLE}
      description={QUALITY_CONTROL_CONFIRM_DESCRIPTION}
      cancelLabel="Cancel"
      confirmLabel={QUALITY_CONTROL_CONFIRM_LABEL}
      onCancel={onCancel}
      onConfirm={onConfirm}
    >
      <section aria-labelledby={reasonsId} className="mt-4">
        <h3 id={reasonsId} className="font-semibold text-gray-900">
          {QUALITY_CONTROL_REASONS_LEGEND}
        </h3>
        <ul className="mt-1 list-disc pl-6 text-sm text-gray-800">
          {reasons.map((reason) => (
            <li key={reason} className="first-letter:uppercase">
              {QUALITY_CONTROL_REASON_LABELS[reason]}
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby={borrowerId} className="mt-4">
        <h3 id={borrowerId} className="font-semibold text-gray-900">
          {QUALITY_CONTROL_CONFIRM_BORROWER_HEADING}
        </h3>
        <blockquote className="mt-2 space-y-2 border-l-4 border-gray-300 pl-3 text-sm text-gray-800">
          <p className="font-semibold">{told.title}</p>
          <p>{told.why}</p>
          {told.nextSteps.map((step) => (
            <p key={step.title}>
              <span className="font-semibold">{step.title}:</span> {step.text}
            </p>
          ))}
        </blockquote>
        {borrowerLanguage === 'es' && (
          <p className="mt-2 text-sm text-gray-700">{QUALITY_CONTROL_SPANISH_NOTE}</p>
        )}
      </section>
    </ConfirmDialog>
  );
}

/** The four items as checkboxes; the checklist's own message (a pass or a fail that does not fit it) below. */
function Checklist() {
  const { errorId, hintId, errorMessage } = useField('checklist', true);
  const describedBy = [hintId, errorMessage ? errorId : undefined].filter(Boolean).join(' ');
  return (
    <fieldset aria-describedby={describedBy} aria-invalid={errorMessage ? true : undefined}>
      <legend className="text-base font-medium text-gray-900">{QUALITY_CONTROL_CHECKLIST_LEGEND}</legend>
      <p id={hintId} className={HINT_CLASS}>
        {QUALITY_CONTROL_CHECKLIST_HINT}
      </p>
      <div className="mt-2 grid gap-x-6 gap-y-3 sm:grid-cols-2">
        {QUALITY_CONTROL_ITEMS.map((item: QualityControlItem) => (
          <CheckboxField
            key={item}
            name={`checklist.${item}`}
            label={QUALITY_CONTROL_ITEM_LABELS[item]}
            className="flex min-h-11 items-center"
          />
        ))}
      </div>
      {errorMessage && (
        <p id={errorId} role="alert" className={ERROR_CLASS}>
          {errorMessage}
        </p>
      )}
    </fieldset>
  );
}
