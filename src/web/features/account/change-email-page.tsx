import { useState } from 'react';
import { FormProvider } from 'react-hook-form';
import { changeEmailSchema } from '#domain/validation/account';
import { MESSAGES } from '#domain/validation/messages';
import { useSession } from '#web/lib/session';
import { ErrorModal } from '#web/components/ui/error-modal';
import { EmailField } from '#web/components/ui/form/email-field';
import { applyServerFieldErrors } from '#web/components/ui/form/server-errors';
import { StatusBanner } from '#web/components/ui/form/status-banner';
import { SubmitButton } from '#web/components/ui/form/submit-button';
import { useFailureModal } from '#web/components/ui/form/use-failure-modal';
import { useZodForm } from '#web/components/ui/form/use-zod-form';
import { AccountPage } from './account-page';
import { changeEmail } from './api';
import { BackLink } from './back-link';
import { errorMessage } from './location-message';

/**
 * Customer portal and staff: ask for a new email. Nothing changes yet: a link goes to the new address, and the
 * email changes (every session ending) once the person follows it and confirms with the password on
 * /verify-new-email. Until then they stay signed in with the current email.
 */
export function Component() {
  const currentEmail = useSession().data?.user?.email;
  const failure = useFailureModal();
  const [sent, setSent] = useState<{ to: string; message: string }>();
  const form = useZodForm(changeEmailSchema, { email: '', confirmEmail: '' });

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const answer = await changeEmail(values);
      setSent({ to: values.email, message: answer.message });
    } catch (error) {
      if (!applyServerFieldErrors(form, error, ['email', 'confirmEmail'])) {
        failure.show(errorMessage(error, MESSAGES.saveFailed));
      }
    }
  });

  if (sent) {
    return (
      <AccountPage title="Change email">
        <StatusBanner message={sent.message} />
        <p className="mt-4 text-sm text-gray-700">
          Link sent to <span className="font-medium break-all text-gray-900">{sent.to}</span>. Only the newest
          link works.
        </p>
        <BackLink />
      </AccountPage>
    );
  }

  return (
    <AccountPage
      title="Change email"
      intro={
        currentEmail ? (
          <>
            Your email address is <span className="font-medium text-gray-900">{currentEmail}</span>. We will
            send a link to the new address; your email changes once you follow it.
          </>
        ) : (
          'We will send a link to the new address; your email changes once you follow it.'
        )
      }
    >
      <FormProvider {...form}>
        <form noValidate onSubmit={onSubmit} className="space-y-5">
          <EmailField name="email" label="New email address" autoComplete="email" />
          <EmailField name="confirmEmail" label="Confirm new email address" autoComplete="off" />
          <SubmitButton busy={form.formState.isSubmitting}>Change Email</SubmitButton>
        </form>
      </FormProvider>
      <BackLink />
      <ErrorModal {...failure.props} />
    </AccountPage>
  );
}
