import { FormProvider } from 'react-hook-form';
import { NOTIFY_QUESTION, notifyWhenEligibleSchema } from '#domain/validation/application';
import { stateName } from '#domain/validation/states';
import { BusyOverlay } from '#web/components/ui/busy-overlay';
import { SubmitButton } from '#web/components/ui/form/submit-button';
import { useZodForm } from '#web/components/ui/form/use-zod-form';
import { YesNoField } from '#web/components/ui/form/yes-no-field';
import { ApplyPage } from './apply-page';
import type { ApplicationView } from './application-query';
import { saveNotifyWhenEligible } from './api';
import { ApplyPageGate, useSavePage } from './save-page';

const TITLE = 'Our service is not available in your state yet';

/**
 * /notify-when-eligible: reached after the application was
 * disqualified for an unlicensed state, so it opens whatever the status.
 */
export function Component() {
  return (
    <ApplyPageGate page="NotifyWhenEligible" title={TITLE} allowAnyStatus>
      {(application) => (
        <ApplyPage page="NotifyWhenEligible" title={TITLE}>
          <NotifyForm application={application} />
        </ApplyPage>
      )}
    </ApplyPageGate>
  );
}

function NotifyForm({ application }: { application: ApplicationView }) {
  const saved = application.borrower.notifyWhenStateIsEligible;
  const form = useZodForm(
    notifyWhenEligibleSchema,
    saved == null ? {} : { notifyWhenStateIsEligible: saved },
  );
  const { save, busy, errorModal } = useSavePage(saveNotifyWhenEligible, {
    form,
    fieldOrder: ['notifyWhenStateIsEligible'],
  });
  const onSubmit = form.handleSubmit(async (values) => {
    await save(values);
  });
  const state = (application.borrower.state && stateName(application.borrower.state)) || 'your state';

  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={onSubmit} className="space-y-6">
        <h1 className="text-2xl font-bold text-gray-900 sm:text-3xl">{TITLE}</h1>
        <div className="space-y-3 text-gray-700">
          <p>
            We’re sorry. We do not offer our Debt Management Plan in{' '}
            <strong className="font-semibold text-gray-900">{state}</strong> at this time.
          </p>
          <p>Your credit has not been pulled, so this has no effect on your credit report.</p>
        </div>
        <YesNoField name="notifyWhenStateIsEligible" question={NOTIFY_QUESTION} />
        <SubmitButton busy={busy}>Continue</SubmitButton>
      </form>
      <BusyOverlay show={busy} text="Saving..." />
      {errorModal}
    </FormProvider>
  );
}
