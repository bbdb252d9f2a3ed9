import type { FormEvent } from 'react';
import { SITE } from '#domain/site';
import { BusyOverlay } from '#web/components/ui/busy-overlay';
import { SubmitButton } from '#web/components/ui/form/submit-button';
import { continueFromNextSteps } from '#web/features/apply/api';
import { ApplyPage } from '#web/features/apply/apply-page';
import { useSavePage } from '#web/features/apply/save-page';
import { HEADING_CLASS, PaymentsPageGate } from './payments-page';

const TITLE = 'Next steps';
// The component tests read this URL from here.
export { NEXT_STEPS_PATH } from '#web/features/apply/api';

export const NEXT_STEPS = [
  'Connect your bank so we can set up your monthly payment.',
  'Confirm the account your plan is paid from.',
  'Sign your Letter of Authorization (we email it to you).',
  `A credit counsellor from ${SITE.agencyName} reviews your application and contacts you.`,
] as const;

/** /payments/next-steps: what happens between accepting the offer and the plan starting. */
export function Component() {
  return (
    <PaymentsPageGate page="NextSteps" title={TITLE}>
      {() => <NextSteps />}
    </PaymentsPageGate>
  );
}

function NextSteps() {
  const { save, busy, errorModal } = useSavePage(continueFromNextSteps, { leaveFirst: true });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void save();
  };
  return (
    <ApplyPage page="NextSteps" title={TITLE}>
      <h1 className={HEADING_CLASS}>{TITLE}</h1>
      <p className="mt-3 text-gray-700">
        You accepted your offer. Here is what happens before your plan starts:
      </p>
      <ol className="mt-6 space-y-4">
        {NEXT_STEPS.map((step, index) => (
          <li key={step} className="flex items-start gap-3">
            <span
              aria-hidden="true"
              className="flex size-8 shrink-0 items-center justify-center rounded-full bg-brand-700 text-sm font-bold text-white"
            >
              {index + 1}
            </span>
            <span className="pt-1 text-gray-900">{step}</span>
          </li>
        ))}
      </ol>
      <form noValidate onSubmit={onSubmit} className="mt-8">
        <SubmitButton busy={busy}>Continue</SubmitButton>
      </form>
      <BusyOverlay show={busy} text="Saving..." />
      {errorModal}
    </ApplyPage>
  );
}
