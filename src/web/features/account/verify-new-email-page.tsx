import { FormattedMessage, useIntl } from 'react-intl';
import { useState } from 'react';
import { FormProvider } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { verifyNewEmailSchema } from '#domain/validation/account';
import { MESSAGE_REFS } from '#domain/validation/messages';
import { ErrorModal } from '#web/components/ui/error-modal';
import { PasswordField } from '#web/components/ui/form/password-field';
import { StatusBanner } from '#web/components/ui/form/status-banner';
import { SubmitButton } from '#web/components/ui/form/submit-button';
import { useFailureModal } from '#web/components/ui/form/use-failure-modal';
import { useZodForm } from '#web/components/ui/form/use-zod-form';
import { noteEmailUpdated } from '#web/lib/email-updated';
import { AccountPage, LINK_CLASS } from './account-page';
import { verifyNewEmail } from './api';
import { errorMessage } from './location-message';

// The email and code come from the link; the person types only the password.
const passwordOnlySchema = verifyNewEmailSchema.pick({ password: true });

/** The link emailed to a changed address: sign in with the password to verify it. */
export function Component() {
  const [params] = useSearchParams();
  const email = params.get('email') ?? '';
  const code = params.get('code') ?? '';
  const [verified, setVerified] = useState<string>();
  const failure = useFailureModal();
  const intl = useIntl();
  const title = intl.formatMessage({
    id: 'account.verifyNewEmail.title',
    defaultMessage: 'Verify your new email',
  });
  const form = useZodForm(passwordOnlySchema, { password: '' });

  const onSubmit = form.handleSubmit(async ({ password }) => {
    try {
      const answer = await verifyNewEmail({ email, code, password });
      // The change ended every session of the account: tabs of this browser still showing it go to /sign-in
      // and say why.
      noteEmailUpdated();
      setVerified(answer.message);
    } catch (error) {
      failure.show(errorMessage(error, MESSAGE_REFS.verifyNewEmailFailed));
    }
  });

  if (verified) {
    return (
      <AccountPage title={title}>
        <StatusBanner message={verified} />
        <p className="mt-6 text-center">
          <Link to="/sign-in" className={LINK_CLASS}>
            <FormattedMessage
              id="account.verifyNewEmail.signIn"
              defaultMessage="Sign in with your new email"
            />
          </Link>
        </p>
      </AccountPage>
    );
  }

  return (
    <AccountPage
      title={title}
      intro={
        email ? (
          <FormattedMessage
            id="account.verifyNewEmail.introWithEmail"
            defaultMessage="Sign in with your password to verify {email}."
            values={{ email: <span className="font-medium break-all text-gray-900">{email}</span> }}
          />
        ) : (
          intl.formatMessage({
            id: 'account.verifyNewEmail.intro',
            defaultMessage: 'Sign in with your password to verify your new email.',
          })
        )
      }
    >
      <FormProvider {...form}>
        <form noValidate onSubmit={onSubmit} className="space-y-5">
          <PasswordField
            name="password"
            label={intl.formatMessage({ id: 'account.password', defaultMessage: 'Password' })}
            autoComplete="current-password"
          />
          <SubmitButton busy={form.formState.isSubmitting}>
            <FormattedMessage id="account.verifyNewEmail.submit" defaultMessage="Verify Email" />
          </SubmitButton>
        </form>
      </FormProvider>
      <ErrorModal {...failure.props} />
    </AccountPage>
  );
}
