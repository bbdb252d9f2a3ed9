import { FormattedMessage, useIntl } from 'react-intl';
import { useState } from 'react';
import { FormProvider } from 'react-hook-form';
import { changeEmailSchema } from '#domain/validation/account';
import { MESSAGE_REFS } from '#domain/validation/messages';
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
  const intl = useIntl();
  const title = intl.formatMessage({ id: 'account.changeEmail.title', defaultMessage: 'Change email' });
  const [sent, setSent] = useState<{ to: string; message: string }>();
  const form = useZodForm(changeEmailSchema, { email: '', confirmEmail: '' });

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const answer = await changeEmail(values);
      setSent({ to: values.email, message: answer.message });
    } catch (error) {
      if (!applyServerFieldErrors(form, error, ['email', 'confirmEmail'])) {
        failure.show(errorMessage(error, MESSAGE_REFS.saveFailed));
      }
    }
  });

  if (sent) {
    return (
      <AccountPage title={title}>
        <StatusBanner message={sent.message} />
        <p className="mt-4 text-sm text-gray-700">
          <FormattedMessage
            id="account.changeEmail.sent"
            defaultMessage="Link sent to {email}. Only the newest link works."
            values={{ email: <span className="font-medium break-all text-gray-900">{sent.to}</span> }}
          />
        </p>
        <BackLink />
      </AccountPage>
    );
  }

  return (
    <AccountPage
      title={title}
      intro={
        currentEmail ? (
          <FormattedMessage
            id="account.changeEmail.introWithEmail"
            defaultMessage="Your email address is {email}. We will send a link to the new address; your email changes once you follow it."
            values={{ email: <span className="font-medium text-gray-900">{currentEmail}</span> }}
          />
        ) : (
          intl.formatMessage({
            id: 'account.changeEmail.intro',
            defaultMessage: 'We will send a link to the new address; your email changes once you follow it.',
          })
        )
      }
    >
      <FormProvider {...form}>
        <form noValidate onSubmit={onSubmit} className="space-y-5">
          <EmailField
            name="email"
            label={intl.formatMessage({
              id: 'account.changeEmail.email',
              defaultMessage: 'New email address',
            })}
            autoComplete="email"
          />
          <EmailField
            name="confirmEmail"
            label={intl.formatMessage({
              id: 'account.changeEmail.confirm',
              defaultMessage: 'Confirm new email address',
            })}
            autoComplete="off"
          />
          <SubmitButton busy={form.formState.isSubmitting}>
            <FormattedMessage id="account.changeEmail.submit" defaultMessage="Change Email" />
          </SubmitButton>
        </form>
      </FormProvider>
      <BackLink />
      <ErrorModal {...failure.props} />
    </AccountPage>
  );
}
