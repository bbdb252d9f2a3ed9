import { useId } from 'react';
import { FormProvider } from 'react-hook-form';
import { longPlanNotice } from '#domain/enrollment/counter-offer';
import {
  approveLongPlanSchema,
  LONG_PLAN_REASON_LABEL,
  LONG_PLAN_REASON_MAX_LENGTH,
  type ApproveLongPlan,
  type ApproveLongPlanView,
} from '#domain/validation/staff';
import { SubmitButton } from '#web/components/ui/form/submit-button';
import { TextAreaField } from '#web/components/ui/form/text-area-field';
import { useZodForm } from '#web/components/ui/form/use-zod-form';
import { approveLongPlan } from '#web/features/service-portal/api';
import { ActionAlert, useStaffAction } from './staff-action-parts';

export const APPROVE_LONG_PLAN = 'Approve';
export const APPROVE_LONG_PLAN_HINT =
  'A plan over 60 months is handed to the agency only once approved. Say why this one may run longer; ' +
  'the approval and its reason are kept in the audit trail.';

export type ApproveLongPlanFormProps = {
  applicationId: string;
  /** The plan's term now, in months (over 60). */
  termInMonths: number;
  onSaved: (result: ApproveLongPlanView) => void;
};

/** 'This plan runs N months, over 60: it needs approval', with the reason and the Approve button. */
export function ApproveLongPlanForm({ applicationId, termInMonths, onSaved }: ApproveLongPlanFormProps) {
  const headingId = useId();
  const form = useZodForm(approveLongPlanSchema, { reason: '' });
  const action = useStaffAction((body: ApproveLongPlan) => approveLongPlan(applicationId, body), form, [
    'reason',
  ]);
  const onSubmit = form.handleSubmit(async (body) => {
    const saved = await action.run(body);
    if (saved) onSaved(saved);
  });
  return (
    <FormProvider {...form}>
      <form
        noValidate
        aria-labelledby={headingId}
        onSubmit={(event) => void onSubmit(event)}
        className="space-y-3 rounded-lg border border-amber-300 bg-amber-50 p-4"
      >
        <h3 id={headingId} className="font-semibold text-amber-900">
          {longPlanNotice(termInMonths)}
        </h3>
        <p className="text-sm text-gray-800">{APPROVE_LONG_PLAN_HINT}</p>
        <TextAreaField name="reason" label={LONG_PLAN_REASON_LABEL} limit={LONG_PLAN_REASON_MAX_LENGTH} />
        <SubmitButton busy={action.busy} className="sm:w-auto">
          {APPROVE_LONG_PLAN}
        </SubmitButton>
        <ActionAlert message={action.error} />
      </form>
    </FormProvider>
  );
}
