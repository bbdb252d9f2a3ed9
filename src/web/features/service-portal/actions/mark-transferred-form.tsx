import { useId } from 'react';
import { FormProvider } from 'react-hook-form';
import {
  markTransferredSchema,
  PARTNER_CRM_ID_LABEL,
  type MarkTransferred,
  type StaffApplicationResult,
} from '#domain/validation/staff';
import { SubmitButton } from '#web/components/ui/form/submit-button';
import { TextField } from '#web/components/ui/form/text-field';
import { useZodForm } from '#web/components/ui/form/use-zod-form';
import { markTransferred } from '#web/features/service-portal/api';
import { ActionAlert, useStaffAction } from './staff-action-parts';

export const MARK_TRANSFERRED_TITLE = 'Mark transferred';
export const MARK_TRANSFERRED_HINT = "The agency's id for this customer in its CRM.";

export type MarkTransferredFormProps = {
  applicationId: string;
  /** Called with the application, now transferred. */
  onSaved: (result: StaffApplicationResult) => void;
};

/**
 * The hand-over's last step: an application in transfer becomes
 * transferred once the agency's CRM id is recorded.
 */
export function MarkTransferredForm({ applicationId, onSaved }: MarkTransferredFormProps) {
  const headingId = useId();
  const form = useZodForm(markTransferredSchema, { partnerCrmId: '' });
  const action = useStaffAction((body: MarkTransferred) => markTransferred(applicationId, body), form, [
    'partnerCrmId',
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
        className="space-y-4 rounded-lg border border-gray-200 bg-white p-4 sm:p-6"
      >
        <h3 id={headingId} className="text-lg font-semibold text-gray-900">
          {MARK_TRANSFERRED_TITLE}
        </h3>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
          <TextField
            name="partnerCrmId"
            label={PARTNER_CRM_ID_LABEL}
            hint={MARK_TRANSFERRED_HINT}
            autoComplete="off"
            spellCheck={false}
            className="sm:w-80"
          />
          <SubmitButton busy={action.busy} className="sm:mt-6 sm:w-auto">
            {MARK_TRANSFERRED_TITLE}
          </SubmitButton>
        </div>
        <ActionAlert message={action.error} />
      </form>
    </FormProvider>
  );
}
