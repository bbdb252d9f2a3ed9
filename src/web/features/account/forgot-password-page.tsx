import { FormattedMessage, useIntl } from 'react-intl';
import { FormProvider } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { forgotPasswordSchema } from '#domain/validation/account';
import { MESSAGE_REFS } from '#domain/validation/messages';
import { readSessionState, updateSessionState } from '#web/lib/session';
import { ErrorModal } from '#web/components/ui/error-modal';
import { EmailField } from '#web/components/ui/form/email-field';
import { applyServerFieldErrors } from '#web/components/ui/form/server-errors';
import { SubmitButton } from '#web/components/ui/form/submit-button';
import { useFailureModal } from '#web/components/ui/form/use-failure-modal';
import { useZodForm } from '#web/components/ui/form/use-zod-form';
import { AccountPage, LINK_CLASS, SPACE } from './account-page';
import { forgotPassword } from './api';
import { errorMessage } from './location-message';

export function Component() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const failure = useFailureModal();
  const intl = useIntl();
  const form = useZodForm(forgotPasswordSchema, {
    email: params.get('email') ?? readSessionState().forgotPasswordUsername ?? '',
  });

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await forgotPassword(values);
      // Spec: forgot password stores the username (so /verification-code need not ask for it).
      updateSessionState({ forgotPasswordUsername: values.email });
      await navigate('/please-check-your-email');
    } catch (error) {
      if (!applyServerFieldErrors(form, error, ['email']))
        failure.show(errorMessage(error, MESSAGE_REFS.saveFailed));
    }
  });

  return (
    <AccountPage
      title={intl.formatMessage({ id: 'account.forgotPassword.title', defaultMessage: 'Forgot password?' })}
      intro={intl.formatMessage({
        id: 'account.forgotPassword.intro',
        defaultMessage:
          'Enter the email address you applied with and we will send you a new verification link.',
      })}
    >
      <FormProvider {...form}>
        <form noValidate onSubmit={onSubmit} className="space-y-5">
          <EmailField name="email" />
          <SubmitButton busy={form.formState.isSubmitting}>
            <FormattedMessage id="account.forgotPassword.submit" defaultMessage="Send verification link" />
          </SubmitButton>
        </form>
      </FormProvider>
      <p className="mt-6 text-center text-sm text-gray-700">
        <FormattedMessage id="account.forgotPassword.remembered" defaultMessage="Remembered it?" />
        {SPACE}
        <Link to="/sign-in" className={LINK_CLASS}>
          <FormattedMessage id="account.forgotPassword.signIn" defaultMessage="Sign in" />
        </Link>
      </p>
      <ErrorModal {...failure.props} />
    </AccountPage>
  );
}
