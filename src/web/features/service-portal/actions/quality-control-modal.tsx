import { useEffect, useId } from 'react';
import { FormProvider, useWatch } from 'react-hook-form';
import {
  QUALITY_CONTROL_CHECKLIST_LEGEND,
  QUALITY_CONTROL_ITEM_LABELS,
  QUALITY_CONTROL_ITEMS,
  QUALITY_CONTROL_LABELS,
  QUALITY_CONTROL_REASON_LABELS,
  qualityControlFailReasons,
  qualityControlSchema,
  type QualityControl,
  type QualityControlInput,
  type QualityControlItem,
  type StaffApplicationResult,
} from '#domain/validation/staff';
import { CheckboxField } from '#web/components/ui/form/checkbox-field';
import { ChoiceField, type Choice } from '#web/components/ui/form/choice-field';
import { ERROR_CLASS, HINT_CLASS } from '#web/components/ui/form/styles';
import { useField } from '#web/components/ui/form/use-field';
import { useZodForm } from '#web/components/ui/form/use-zod-form';
import { Modal } from '#web/components/ui/modal';
import { recordQualityControl } from '#web/features/service-portal/api';
import { ActionAlert, ModalButtons, useStaffAction } from './staff-action-parts';

export const QUALITY_CONTROL_TITLE = 'Quality control';
export const QUALITY_CONTROL_QUESTION = 'Did the application pass quality control?';
export const QUALITY_CONTROL_CHECKLIST_HINT =
  'Check each item you verified. An item left unchecked is a reason for a fail.';
export const QUALITY_CONTROL_PASS_HINT = 'Passed can be chosen once every item of the checklist is checked.';
export const QUALITY_CONTROL_REASONS_LEGEND = 'Disqualification reasons';

const EMPTY_FORM = {
  checklist: { consumerIdentity: false, income: false, expenses: false, proposedBudget: false },
  passed: null,
} satisfies QualityControlInput;

export type QualityControlModalProps = {
  applicationId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Called with the application's new status after the review was recorded (the modal has closed). */
  onSaved: (result: StaffApplicationResult) => void;
};

/**
 * Quality control of an application in counselorReview: a checklist (consumer identity, income, expenses, a
 * realistic budget), then pass or fail. Passed can be chosen only with every item checked; a fail's
 * disqualification reasons are the unchecked items, shown before it is submitted. Every item is sent and
 * recorded. Closing the modal drops the answers.
 */
export function QualityControlModal({
  applicationId,
  open,
  onOpenChange,
  onSaved,
}: QualityControlModalProps) {
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={QUALITY_CONTROL_TITLE} size="md">
      <QualityControlForm
        applicationId={applicationId}
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
  onCancel,
  onSaved,
}: {
  applicationId: string;
  onCancel: () => void;
  onSaved: (result: StaffApplicationResult) => void;
}) {
  const reasonsHeadingId = useId();
  const form = useZodForm(qualityControlSchema, EMPTY_FORM);
  const action = useStaffAction(
    (review: QualityControl) => recordQualityControl(applicationId, review),
    form,
    ['checklist', 'passed'],
  );
  const passed = useWatch({ control: form.control, name: 'passed' });
  const checklist = useWatch({ control: form.control, name: 'checklist' });
  const failReasons = qualityControlFailReasons(checklist);
  const everyItemChecked = failReasons.length === 0;

  // Unchecking an item after choosing Passed takes the choice back: a pass needs every item. After a
  // submit, the checklist's own message is checked again as its items change.
  const submitted = form.formState.isSubmitted;
  const unchecked = failReasons.join(' ');
  useEffect(() => {
    if (!everyItemChecked && passed === true) form.setValue('passed', null);
    if (submitted) void form.trigger(['checklist', 'passed']);
  }, [everyItemChecked, unchecked, passed, submitted, form]);

  const results: readonly Choice<boolean>[] = [
    { value: true, label: QUALITY_CONTROL_LABELS.passed, disabled: !everyItemChecked },
    { value: false, label: QUALITY_CONTROL_LABELS.failed },
  ];

  const onSubmit = form.handleSubmit(async (review) => {
    const saved = await action.run(review);
    if (saved) onSaved(saved);
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
        {passed === false && failReasons.length > 0 && (
          <section aria-labelledby={reasonsHeadingId}>
            <h3 id={reasonsHeadingId} className="text-base font-medium text-gray-900">
              {QUALITY_CONTROL_REASONS_LEGEND}
            </h3>
            <ul className="mt-2 list-disc space-y-1 pl-6 text-sm text-gray-800">
              {failReasons.map((reason) => (
                <li key={reason} className="first-letter:uppercase">
                  {QUALITY_CONTROL_REASON_LABELS[reason]}
                </li>
              ))}
            </ul>
          </section>
        )}
        <ActionAlert message={action.error} />
        <ModalButtons busy={action.busy} onCancel={onCancel} />
      </form>
    </FormProvider>
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
