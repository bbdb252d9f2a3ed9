import { FormProvider, useWatch } from 'react-hook-form';
import {
  QUALITY_CONTROL_LABELS,
  QUALITY_CONTROL_REASON_KEYS,
  QUALITY_CONTROL_REASON_LABELS,
  qualityControlSchema,
  type QualityControl,
  type QualityControlInput,
  type QualityControlReason,
  type StaffApplicationResult,
} from '#domain/validation/staff';
import { useZodForm } from '#web/components/ui/form/use-zod-form';
import { Modal } from '#web/components/ui/modal';
import { recordQualityControl } from '#web/features/service-portal/api';
import { ActionAlert, ChecklistField, ModalButtons, useStaffAction } from './staff-action-parts';
import { ChoiceField, type Choice } from '#web/components/ui/form/choice-field';

export const QUALITY_CONTROL_TITLE = 'Quality control';
export const QUALITY_CONTROL_QUESTION = 'Did the application pass quality control?';
export const QUALITY_CONTROL_REASONS_LEGEND = 'Disqualification reasons';

const RESULTS: readonly Choice<boolean>[] = [
  { value: true, label: QUALITY_CONTROL_LABELS.passed },
  { value: false, label: QUALITY_CONTROL_LABELS.failed },
];
const REASONS: readonly Choice<QualityControlReason>[] = QUALITY_CONTROL_REASON_KEYS.map((key) => ({
  value: key,
  label: QUALITY_CONTROL_REASON_LABELS[key],
}));

const EMPTY_FORM = { passed: null, reasons: [] } satisfies QualityControlInput;

export type QualityControlModalProps = {
  applicationId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Called with the application's new status after the review was recorded (the modal has closed). */
  onSaved: (result: StaffApplicationResult) => void;
};

/**
 * Quality control of an application in counselorReview: pass or fail
 * must be chosen; a fail needs at least one disqualification reason. Closing the modal drops the answers.
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
  const form = useZodForm(qualityControlSchema, EMPTY_FORM);
  const action = useStaffAction(
    (review: QualityControl) => recordQualityControl(applicationId, review),
    form,
    ['passed', 'reasons'],
  );
  const passed = useWatch({ control: form.control, name: 'passed' });

  const onSubmit = form.handleSubmit(async (review) => {
    const saved = await action.run(review);
    if (saved) onSaved(saved);
  });

  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="mt-6 space-y-6">
        <ChoiceField
          name="passed"
          legend={QUALITY_CONTROL_QUESTION}
          choices={RESULTS}
          onChoose={(value) => {
            action.clearError();
            // A pass keeps no reasons: drop ticks made before switching, so a later fail starts clean.
            if (value) form.setValue('reasons', []);
          }}
        />
        {passed === false && (
          <ChecklistField
            name="reasons"
            legend={QUALITY_CONTROL_REASONS_LEGEND}
            hint="(Select all that apply)"
            choices={REASONS}
          />
        )}
        <ActionAlert message={action.error} />
        <ModalButtons busy={action.busy} onCancel={onCancel} />
      </form>
    </FormProvider>
  );
}
