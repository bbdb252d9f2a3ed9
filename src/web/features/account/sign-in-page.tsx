import { FormattedMessage, useIntl } from 'react-intl';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormProvider } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import { signInSchema } from '#domain/validation/account';
import { MESSAGE_REFS } from '#domain/validation/messages';
import { APP_ERROR_DEFAULT_MESSAGE_REF } from '#domain/errors';
import { emailRecentlyUpdated, forgetEmailUpdated } from '#web/lib/email-updated';
import { refreshSession, updateSessionState } from '#web/lib/session';
import { ErrorModal } from '#web/components/ui/error-modal';
import { EmailField } from '#web/components/ui/form/email-field';
import { PasswordField } from '#web/components/ui/form/password-field';
import { StatusBanner } from '#web/components/ui/form/status-banner';
import { SubmitButton } from '#web/components/ui/form/submit-button';
import { useFailureModal } from '#web/components/ui/form/use-failure-modal';
import { useZodForm } from '#web/components/ui/form/use-zod-form';
import { AccountPage, LINK_CLASS, SPACE } from './account-page';
import { signIn } from './api';
import { errorMessage, locationMessage } from './location-message';
import { FIXED } from '#domain/i18n/validation-messages';

export function Component() {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const failure = useFailureModal();
  const intl = useIntl();
  const form = useZodForm(signInSchema, { username: '', password: '' });
  // After a refused sign-in: how a borrower who never set a password gets in.
  const [refused, setRefused] = useState(false);
  // Signed out by an email change made in this browser: say so rather than nothing, or than the generic
  // 'Please sign in to continue.' of a call that found the session gone. Any other message passed here wins.
  const passed = locationMessage(location.state);
  const banner =
    (passed === undefined ||
      (typeof passed === 'object' && passed.id === APP_ERROR_DEFAULT_MESSAGE_REF.NotAuthenticated.id)) &&
    emailRecentlyUpdated()
      ? MESSAGE_REFS.emailUpdated
      : passed;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const answer = await signIn(values);
      updateSessionState({ mustSetInitialPassword: answer.mustSetInitialPassword || undefined });
      forgetEmailUpdated();
      await refreshSession(queryClient);
      // A user who must set an initial password goes through /user-information first.
      await navigate(answer.mustSetInitialPassword ? '/user-information' : answer.next);
    } catch (error) {
      setRefused(true);
      failure.show(errorMessage(error, MESSAGE_REFS.incorrectCredentials));
    }
  });

  return (
    <AccountPage title={intl.formatMessage({ id: 'account.signIn.title', defaultMessage: 'Sign In' })}>
      <StatusBanner message={banner} className="mb-6" />
      <FormProvider {...form}>
        <form noValidate onSubmit={onSubmit} className="space-y-5">
          <EmailField
            name="username"
            label={intl.formatMessage({ id: 'account.signIn.email', defaultMessage: 'Email address' })}
            autoComplete="username"
          />
          <PasswordField
            name="password"
            label={intl.formatMessage({ id: 'account.password', defaultMessage: 'Password' })}
            autoComplete="current-password"
          />
          <div className="text-right text-sm">
            <Link to="/forgot-password" className={LINK_CLASS}>
              <FormattedMessage id="account.signIn.forgotPassword" defaultMessage="Forgot password?" />
            </Link>
          </div>
          <SubmitButton busy={form.formState.isSubmitting}>
            <FormattedMessage id="account.signIn.submit" defaultMessage="Sign In" />
          </SubmitButton>
        </form>
      </FormProvider>
      {refused && (
        <p role="status" className="mt-6 rounded-lg bg-brand-50 p-4 text-sm text-gray-800">
          {intl.formatMessage(FIXED.firstPasswordHint)}
          {SPACE}
          <Link to="/forgot-password" className={LINK_CLASS}>
            <FormattedMessage id="account.signIn.sendNewLink" defaultMessage="Send me a new link" />
          </Link>
        </p>
      )}
      <ErrorModal {...failure.props} />
    </AccountPage>
  );
}
