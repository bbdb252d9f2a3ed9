import { FormattedMessage, useIntl } from 'react-intl';
import { useQueryClient } from '@tanstack/react-query';
import { FormProvider } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { changePasswordSchema } from '#domain/validation/account';
import { MESSAGE_REFS } from '#domain/validation/messages';
import { endLocalSession } from '#web/lib/session';
import { ErrorModal } from '#web/components/ui/error-modal';
import { PasswordField } from '#web/components/ui/form/password-field';
import { applyServerFieldErrors } from '#web/components/ui/form/server-errors';
import { SubmitButton } from '#web/components/ui/form/submit-button';
import { useFailureModal } from '#web/components/ui/form/use-failure-modal';
import { useZodForm } from '#web/components/ui/form/use-zod-form';
import { AccountPage } from './account-page';
import { changePassword } from './api';
import { BackLink } from './back-link';
import { errorMessage } from './location-message';
import { NewPasswordFields } from './new-password-fields';

/** Customer portal and staff: change the password, then sign in again. */
export function Component() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const failure = useFailureModal();
  const intl = useIntl();
  const form = useZodForm(changePasswordSchema, { currentPassword: '', password: '', confirmPassword: '' });

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const answer = await changePassword(values);
      await endLocalSession(queryClient, navigate, answer.message);
    } catch (error) {
      const handled = applyServerFieldErrors(form, error, ['currentPassword', 'password', 'confirmPassword']);
      if (!handled) failure.show(errorMessage(error, MESSAGE_REFS.saveFailed));
    }
  });

  return (
    <AccountPage
      title={intl.formatMessage({ id: 'account.changePassword.title', defaultMessage: 'Change password' })}
      intro={intl.formatMessage({
        id: 'account.changePassword.intro',
        defaultMessage: 'After the change you will sign in again with your new password.',
      })}
    >
      <FormProvider {...form}>
        <form noValidate onSubmit={onSubmit} className="space-y-5">
          <PasswordField
            name="currentPassword"
            label={intl.formatMessage({
              id: 'account.changePassword.current',
              defaultMessage: 'Current password',
            })}
            autoComplete="current-password"
          />
          <NewPasswordFields />
          <SubmitButton busy={form.formState.isSubmitting}>
            <FormattedMessage id="account.changePassword.submit" defaultMessage="Change Password" />
          </SubmitButton>
        </form>
      </FormProvider>
      <BackLink />
      <ErrorModal {...failure.props} />
    </AccountPage>
  );
}
