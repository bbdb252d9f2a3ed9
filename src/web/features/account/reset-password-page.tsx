import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { FormProvider } from 'react-hook-form';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { newPasswordSchema, type NewPasswordInput } from '#domain/validation/account';
import { MESSAGES } from '#domain/validation/messages';
import { api, ApiError } from '../../app/api';
import {
  readSessionState,
  refreshSession,
  updateSessionState,
  type UserInformation,
} from '../../app/session';
import { ErrorModal } from '../../components/ui/error-modal';
import { SubmitButton } from '../../components/ui/form/submit-button';
import { useFailureModal } from '../../components/ui/form/use-failure-modal';
import { useZodForm } from '../../components/ui/form/use-zod-form';
import { AccountPage } from './account-page';
import { errorMessage } from './location-message';
import { NewPasswordFields } from './new-password-fields';

/**
 * Two ways in: the emailed link (?email=&code=) resets a forgotten password; a signed-in user who must set an
 * initial password arrives from /user-information. Without either, the code is asked for on
 * /verification-code.
 */
export function Component() {
  const [params] = useSearchParams();
  const email = params.get('email') ?? '';
  const code = params.get('code') ?? '';
  if (email !== '' && code !== '') return <ResetWithCode email={email} code={code} />;

  const state = readSessionState();
  if (state.mustSetInitialPassword) {
    if (!state.userInformation) return <Navigate to="/user-information" replace />;
    return <SetInitialPassword information={state.userInformation} />;
  }
  const query = email === '' ? '' : `?${new URLSearchParams({ email }).toString()}`;
  return <Navigate to={`/verification-code${query}`} replace />;
}

function ResetWithCode({ email, code }: { email: string; code: string }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const failure = useFailureModal();

  const submit = async (values: NewPasswordInput) => {
    try {
      const answer = await api<{ next: string; message: string }>('/api/auth/reset-password', {
        body: { email, code, ...values },
      });
      // The server ends other sessions of this user on a reset; forget a cached one.
      await refreshSession(queryClient);
      await navigate(answer.next, { state: { message: answer.message } });
    } catch (error) {
      // An old or expired link: the server names the page that explains it (and has sent a new link).
      if (error instanceof ApiError && error.redirect) {
        await navigate(error.redirect, { state: { message: error.message } });
        return;
      }
      failure.show(errorMessage(error, MESSAGES.saveFailed));
    }
  };

  return (
    <>
      <NewPasswordForm
        title="Reset your password"
        intro={
          <>
            Choose a new password for <span className="font-medium text-gray-900">{email}</span>.
          </>
        }
        submitLabel="Reset Password"
        onSubmit={submit}
      />
      <ErrorModal {...failure.props} />
    </>
  );
}

function SetInitialPassword({ information }: { information: UserInformation }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const submit = async (values: NewPasswordInput) => {
    try {
      const answer = await api<{ next: string }>('/api/auth/complete-new-password', {
        body: { ...information, ...values },
      });
      await refreshSession(queryClient);
      // Leave the page before clearing the flag: this page re-renders from it and would redirect.
      await navigate(answer.next);
      updateSessionState({ mustSetInitialPassword: undefined, userInformation: undefined });
    } catch {
      // Spec doc 2 section 4: failure clears the requirement and goes to sign-in with the message.
      updateSessionState({ mustSetInitialPassword: undefined });
      await navigate('/sign-in', { state: { message: MESSAGES.setInitialPasswordFailed } });
    }
  };

  return (
    <NewPasswordForm
      title="Create your password"
      intro="Choose the password you will use to sign in."
      submitLabel="Save Password"
      onSubmit={submit}
    />
  );
}

function NewPasswordForm({
  title,
  intro,
  submitLabel,
  onSubmit,
}: {
  title: string;
  intro: ReactNode;
  submitLabel: string;
  onSubmit: (values: NewPasswordInput) => Promise<void>;
}) {
  const form = useZodForm(newPasswordSchema, { password: '', confirmPassword: '' });
  return (
    <AccountPage title={title} intro={intro}>
      <FormProvider {...form}>
        <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="space-y-5">
          <NewPasswordFields />
          <SubmitButton busy={form.formState.isSubmitting}>{submitLabel}</SubmitButton>
        </form>
      </FormProvider>
    </AccountPage>
  );
}
