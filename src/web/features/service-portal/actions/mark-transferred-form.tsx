import { useId, useState } from 'react';
import { FormProvider } from 'react-hook-form';
import { PARTNER_HAND_OVER_PARTS, type PartnerHandOverPart } from '#domain/flow/partner-hand-over';
import {
  markTransferredSchema,
  PARTNER_CRM_ID_LABEL,
  type MarkTransferred,
  type StaffApplicationResult,
} from '#domain/validation/staff';
import { SubmitButton } from '#web/components/ui/form/submit-button';
import { TextField } from '#web/components/ui/form/text-field';
import { useZodForm } from '#web/components/ui/form/use-zod-form';
import { Modal } from '#web/components/ui/modal';
import { markTransferred } from '#web/features/service-portal/api';
import { ActionAlert, useStaffAction } from './staff-action-parts';

export const MARK_TRANSFERRED_TITLE = 'Mark transferred';
export const MARK_TRANSFERRED_HINT = "The agency's id for this customer in its CRM.";
export const MARK_TRANSFERRED_CONFIRM_TITLE = 'Mark this application transferred?';
export const MARK_TRANSFERRED_SENT_HEADING = 'What the agency receives for this plan';
export const MARK_TRANSFERRED_NOTHING_MORE =
  'It was sent when the application moved to Transfer. Confirming sends nothing more.';

/** This borrower's figures beside each part the agency receives, as the borrower summary shows them. */
export type HandOverFigures = Record<PartnerHandOverPart, string | readonly string[] | null>;

export type MarkTransferredFormProps = {
  applicationId: string;
  /** What this plan's hand-over holds, read from the borrower summary (null: nothing to show for a part). */
  handOver: HandOverFigures;
  /** Called with the application, now transferred. */
  onSaved: (result: StaffApplicationResult) => void;
};

/**
 * The hand-over's last step: an application in transfer becomes transferred once the agency's CRM id is
 * recorded. It cannot be taken back here, so it is confirmed first, in a dialog that says what the change does
 * and what the agency receives for the plan (the parts of the hand-over event, with this borrower's figures).
 */
export function MarkTransferredForm({ applicationId, handOver, onSaved }: MarkTransferredFormProps) {
  const headingId = useId();
  const form = useZodForm(markTransferredSchema, { partnerCrmId: '' });
  const action = useStaffAction((body: MarkTransferred) => markTransferred(applicationId, body), form, [
    'partnerCrmId',
  ]);
  // The checked id waiting for the counsellor's confirmation.
  const [pending, setPending] = useState<MarkTransferred>();

  const onSubmit = form.handleSubmit((body) => {
    action.clearError();
    setPending(body);
  });

  const confirm = async () => {
    if (!pending) return;
    const saved = await action.run(pending);
    setPending(undefined);
    if (saved) onSaved(saved);
  };

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
      <Modal
        open={pending !== undefined}
        onOpenChange={(open) => {
          if (!open && !action.busy) setPending(undefined);
        }}
        title={MARK_TRANSFERRED_CONFIRM_TITLE}
        size="lg"
      >
        {pending && (
          <ConfirmHandOver
            partnerCrmId={pending.partnerCrmId}
            handOver={handOver}
            busy={action.busy}
            onCancel={() => setPending(undefined)}
            onConfirm={() => void confirm()}
          />
        )}
      </Modal>
    </FormProvider>
  );
}

function ConfirmHandOver({
  partnerCrmId,
  handOver,
  busy,
  onCancel,
  onConfirm,
}: {
  partnerCrmId: string;
  handOver: HandOverFigures;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const sentHeadingId = useId();
  const parts = Object.keys(PARTNER_HAND_OVER_PARTS) as PartnerHandOverPart[];
  return (
    <div className="mt-4 space-y-5 text-gray-800">
      <p>
        The application moves from Transfer to Transferred and keeps the {PARTNER_CRM_ID_LABEL}{' '}
        <span className="font-mono font-semibold break-all text-gray-900">{partnerCrmId}</span>. This cannot
        be undone here.
      </p>
      <section aria-labelledby={sentHeadingId}>
        <h3 id={sentHeadingId} className="font-semibold text-gray-900">
          {MARK_TRANSFERRED_SENT_HEADING}
        </h3>
        <p className="mt-1 text-sm text-gray-700">{MARK_TRANSFERRED_NOTHING_MORE}</p>
        <ul className="mt-3 divide-y divide-gray-200 rounded-lg border border-gray-200 text-sm">
          {parts.map((part) => {
            const figures = handOver[part];
            return (
              <li key={part} className="px-3 py-2">
                <p className="text-gray-800">{PARTNER_HAND_OVER_PARTS[part]}</p>
                {typeof figures === 'string' && <p className="mt-0.5 font-medium text-gray-900">{figures}</p>}
                {Array.isArray(figures) && figures.length > 0 && (
                  <ul className="mt-0.5 list-disc pl-5 font-medium text-gray-900">
                    {figures.map((figure, index) => (
                      <li key={index}>{figure}</li>
                    ))}
                  </ul>
                )}
              </li>
            );
          })}
        </ul>
      </section>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <button
          type="button"
          onClick={onCancel}
          className="min-h-11 rounded-lg border border-gray-300 bg-white px-5 font-semibold text-gray-800 hover:bg-gray-50"
        >
          Cancel
        </button>
        <button
          type="button"
          onClick={() => {
            if (!busy) onConfirm();
          }}
          aria-disabled={busy || undefined}
          aria-busy={busy || undefined}
          className="min-h-11 rounded-lg bg-brand-700 px-5 font-semibold text-white hover:bg-brand-800 aria-disabled:cursor-wait aria-disabled:opacity-70"
        >
          Confirm: {MARK_TRANSFERRED_TITLE.toLowerCase()}
        </button>
      </div>
    </div>
  );
}
