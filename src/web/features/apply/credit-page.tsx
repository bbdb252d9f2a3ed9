import { FormProvider } from 'react-hook-form';
import { z } from 'zod';
import { CREDIT_CONSENT_LABELS, creditConsentSchema } from '#domain/validation/application';
import { MESSAGES } from '#domain/validation/messages';
import { BusyOverlay } from '#web/components/ui/busy-overlay';
import { CheckboxField } from '#web/components/ui/form/checkbox-field';
import { SubmitButton } from '#web/components/ui/form/submit-button';
import { useZodForm } from '#web/components/ui/form/use-zod-form';
import { ApplyPage } from './apply-page';
import type { ApplicationView } from './application-query';
import { saveCredit } from './api';
import { ApplyPageGate, useSavePage } from './save-page';

const TITLE = "Let's verify your debts";
export const VERIFYING_TEXT = 'Verifying your debts...';

const FIELD_ORDER = ['consentedToCreditPolicy', 'spouseConsentedToCreditPolicy'] as const;

/** With a spouse on the application, the spouse's consent is required too (the server checks it as well). */
const withSpouseSchema = creditConsentSchema.extend({
  spouseConsentedToCreditPolicy: z
    .boolean({ error: MESSAGES.creditConsentRequired })
    .refine((v) => v, { error: MESSAGES.creditConsentRequired }),
});

/** /credit: consent to the soft credit inquiry, then the pull. */
export function Component() {
  return (
    <ApplyPageGate page="Credit" title={TITLE}>
      {(application) => (
        <ApplyPage page="Credit" title={TITLE}>
          <CreditForm application={application} />
        </ApplyPage>
      )}
    </ApplyPageGate>
  );
}

function CreditForm({ application }: { application: ApplicationView }) {
  const hasSpouse = application.household.hasSpouse === true;
  const form = useZodForm(
    hasSpouse ? withSpouseSchema : creditConsentSchema,
    hasSpouse
      ? {
          consentedToCreditPolicy: application.borrower.consentedToCreditPolicy ?? false,
          spouseConsentedToCreditPolicy: application.spouse?.consentedToCreditPolicy ?? false,
        }
      : { consentedToCreditPolicy: application.borrower.consentedToCreditPolicy ?? false },
  );
  const { save, busy, errorModal } = useSavePage(saveCredit, { form, fieldOrder: FIELD_ORDER });
  const onSubmit = form.handleSubmit(async (values) => {
    await save(values);
  });

  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={onSubmit} className="space-y-6">
        <h1 className="text-2xl font-bold text-gray-900 sm:text-3xl">{TITLE}</h1>
        <div className="space-y-3 text-gray-700">
          <p>
            To find the debts a Debt Management Plan can help with, we need to look at your credit report
            {hasSpouse ? ' and your spouse’s' : ''}.
          </p>
          <p>
            This is a <strong className="font-semibold text-gray-900">soft inquiry</strong>: it does not
            affect your credit score{hasSpouse ? ' or your spouse’s' : ''}.
          </p>
        </div>
        <div className="space-y-4 rounded-lg bg-gray-50 p-4">
          <CheckboxField name="consentedToCreditPolicy" label={CREDIT_CONSENT_LABELS.borrower} />
          {hasSpouse && (
            <CheckboxField name="spouseConsentedToCreditPolicy" label={CREDIT_CONSENT_LABELS.spouse} />
          )}
        </div>
        <SubmitButton busy={busy}>Continue</SubmitButton>
      </form>
      <BusyOverlay show={busy} text={VERIFYING_TEXT} />
      {errorModal}
    </FormProvider>
  );
}
