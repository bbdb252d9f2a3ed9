import { useQueryClient } from '@tanstack/react-query';
import { FormProvider } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { changeEmailSchema } from '#domain/validation/account';
import { MESSAGES } from '#domain/validation/messages';
import { api } from '../../app/api';
import { endLocalSession, useSession } from '../../app/session';
import { ErrorModal } from '../../components/ui/error-modal';
import { EmailField } from '../../components/ui/form/email-field';
import { applyServerFieldErrors } from '../../components/ui/form/server-errors';
import { SubmitButton } from '../../components/ui/form/submit-button';
import { useFailureModal } from '../../components/ui/form/use-failure-modal';
import { useZodForm } from '../../components/ui/form/use-zod-form';
import { AccountPage } from './account-page';
import { BackLink } from './back-link';
import { errorMessage } from './location-message';

/** Customer portal and staff: change the email, then sign in again (spec doc 2 section 4). */
export function Component() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const currentEmail = useSession().data?.user?.email;
  const failure = useFailureModal();
  const form = useZodForm(changeEmailSchema, { email: '', confirmEmail: '' });

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const answer = await api<{ next: string; message: string }>('/api/auth/change-email', { body: values });
      await endLocalSession(queryClient, navigate, answer.message);
    } catch (error) {
      if (!applyServerFieldErrors(form, error, ['email', 'confirmEmail'])) {
        failure.show(errorMessage(error, MESSAGES.saveFailed));
      }
    }
  });

  return (
    <AccountPage
      title="Change email"
      intro={
        currentEmail ? (
          <>
            Your email address is <span className="font-medium text-gray-900">{currentEmail}</span>. After the
            change you will sign in again with your new email.
          </>
        ) : (
          'After the change you will sign in again with your new email.'
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
