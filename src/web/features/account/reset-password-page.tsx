import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { FormProvider } from 'react-hook-form';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import {
  initialPasswordSchema,
  newPasswordSchema,
  type InitialPasswordInput,
  type NewPasswordInput,
} from '#domain/validation/account';
import { digitsOnly } from '#domain/validation/format';
import { LIMITS } from '#domain/validation/limits';
import { MESSAGE_REFS } from '#domain/validation/messages';
import { ApiError } from '#web/lib/api';
import {
  readSessionState,
  refreshSession,
  updateSessionState,
  useSession,
  type UserInformation,
} from '#web/lib/session';
import { ErrorModal } from '#web/components/ui/error-modal';
import { LoadingScreen } from '#web/components/ui/loading-screen';
import { SubmitButton } from '#web/components/ui/form/submit-button';
import { TextField } from '#web/components/ui/form/text-field';
import { useFailureModal } from '#web/components/ui/form/use-failure-modal';
import { useZodForm } from '#web/components/ui/form/use-zod-form';
import { ROUTES } from '#domain/flow/routes';
import { AccountPage } from './account-page';
import { completeNewPassword, resetPassword } from './api';
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
  // The link of the "Finish creating your account" email sets a first password (purpose=set).
  const isFirst = params.get('purpose') === 'set';
  if (email !== '' && code !== '') return <ResetWithCode email={email} code={code} isFirst={isFirst} />;
  return <InitialPasswordOrCode email={email} />;
}

/**
 * Without the emailed link: the initial password of a signed-in user who must set one, else the code is asked
 * for. A staff member's step is the server's (session.resume), so a new tab (which has none of this tab's
 * stored state) or a reload finds the right step, never a page asking for an emailed code that was never sent.
 */
function InitialPasswordOrCode({ email }: { email: string }) {
  const session = useSession();
  const state = readSessionState();
  if (session.isPending && !state.mustSetInitialPassword) return <LoadingScreen />;
  const answer = session.data;
  if (answer?.user?.isStaff) {
    if (answer.resume !== ROUTES.UserInformation) return <Navigate to={answer.resume} replace />;
    if (!state.userInformation) return <Navigate to={ROUTES.UserInformation} replace />;
    return <SetInitialPassword information={state.userInformation} />;
  }
  if (state.mustSetInitialPassword) {
    if (!state.userInformation) return <Navigate to={ROUTES.UserInformation} replace />;
    return <SetInitialPassword information={state.userInformation} />;
  }
  const query = email === '' ? '' : `?${new URLSearchParams({ email }).toString()}`;
  return <Navigate to={`/verification-code${query}`} replace />;
}

const TEXT = defineMessages({
  setTitle: { id: 'account.resetPassword.setTitle', defaultMessage: 'Set your password' },
  resetTitle: { id: 'account.resetPassword.resetTitle', defaultMessage: 'Reset your password' },
  setSubmit: { id: 'account.resetPassword.setSubmit', defaultMessage: 'Set Password' },
  resetSubmit: { id: 'account.resetPassword.resetSubmit', defaultMessage: 'Reset Password' },
  createTitle: { id: 'account.createPassword.title', defaultMessage: 'Create your password' },
  createIntro: {
    id: 'account.createPassword.intro',
    defaultMessage: 'Choose the password you will use to sign in.',
  },
  save: { id: 'account.createPassword.submit', defaultMessage: 'Save Password' },
  codeLabel: { id: 'account.verificationCode.label', defaultMessage: 'Verification code' },
});

function ResetWithCode({ email, code, isFirst }: { email: string; code: string; isFirst: boolean }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const failure = useFailureModal();
  const intl = useIntl();

  const submit = async (values: NewPasswordInput) => {
    try {
      const answer = await resetPassword({ email, code, ...values });
      // The server ends other sessions of this user on a reset; forget a cached one.
      await refreshSession(queryClient);
      await navigate(answer.next, { state: { message: answer.message } });
    } catch (error) {
      // An old or expired link: the server names the page that explains it (and has sent a new link).
      if (error instanceof ApiError && error.redirect) {
        await navigate(error.redirect, { state: { message: error.messageRef ?? error.message } });
        return;
      }
      failure.show(errorMessage(error, MESSAGE_REFS.saveFailed));
    }
  };

  return (
    <>
      <NewPasswordForm
        title={intl.formatMessage(isFirst ? TEXT.setTitle : TEXT.resetTitle)}
        intro={
          isFirst ? (
            <FormattedMessage
              id="account.resetPassword.setIntro"
              defaultMessage="Choose a password for {email}. You will use it to come back to your application."
              values={{ email: <span className="font-medium text-gray-900">{email}</span> }}
            />
          ) : (
            <FormattedMessage
              id="account.resetPassword.resetIntro"
              defaultMessage="Choose a new password for {email}."
              values={{ email: <span className="font-medium text-gray-900">{email}</span> }}
            />
          )
        }
        submitLabel={intl.formatMessage(isFirst ? TEXT.setSubmit : TEXT.resetSubmit)}
        onSubmit={submit}
      />
      <ErrorModal {...failure.props} />
    </>
  );
}

/**
 * A staff member made by the CLI replaces the admin's temporary password. Anyone else (an account made by the
 * lead form) also gives the code from the emailed link: being signed in after the lead form proves nothing
 * about the mailbox, and the server refuses the first password without it.
 */
function SetInitialPassword({ information }: { information: UserInformation }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const session = useSession();
  const intl = useIntl();

  const submit = async (values: NewPasswordInput | InitialPasswordInput) => {
    try {
      const answer = await completeNewPassword({ ...information, ...values });
      await refreshSession(queryClient);
      // Leave the page before clearing the flag: this page re-renders from it and would redirect.
      await navigate(answer.next);
      updateSessionState({ mustSetInitialPassword: undefined, userInformation: undefined });
    } catch {
      // Failure clears the requirement and goes to sign-in with the message.
      updateSessionState({ mustSetInitialPassword: undefined });
      await navigate('/sign-in', { state: { message: MESSAGE_REFS.setInitialPasswordFailed } });
    }
  };

  if (session.isPending) return <LoadingScreen />;
  const user = session.data?.user;
  if (user?.isStaff) {
    return (
      <NewPasswordForm
        title={intl.formatMessage(TEXT.createTitle)}
        intro={intl.formatMessage(TEXT.createIntro)}
        submitLabel={intl.formatMessage(TEXT.save)}
        onSubmit={submit}
      />
    );
  }
  return (
    <CodeAndPasswordForm
      title={intl.formatMessage(TEXT.createTitle)}
      intro={
        user ? (
          <FormattedMessage
            id="account.createPassword.codeIntroWithEmail"
            defaultMessage="Enter the 6-digit code from the email we sent to {email}, then choose the password you will use to sign in."
            values={{ email: <span className="font-medium break-all text-gray-900">{user.email}</span> }}
          />
        ) : (
          <FormattedMessage
            id="account.createPassword.codeIntro"
            defaultMessage="Enter the 6-digit code from the email we sent, then choose the password you will use to sign in."
          />
        )
      }
      submitLabel={intl.formatMessage(TEXT.save)}
      onSubmit={submit}
    />
  );
}

const codeDigits = (value: string) => digitsOnly(value).slice(0, LIMITS.verificationCode);

function CodeAndPasswordForm({
  title,
  intro,
  submitLabel,
  onSubmit,
}: {
  title: string;
  intro: ReactNode;
  submitLabel: string;
  onSubmit: (values: InitialPasswordInput) => Promise<void>;
}) {
  const form = useZodForm(initialPasswordSchema, { code: '', password: '', confirmPassword: '' });
  const intl = useIntl();
  return (
    <AccountPage title={title} intro={intro}>
      <FormProvider {...form}>
        <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="space-y-5">
          <TextField
            name="code"
            label={intl.formatMessage(TEXT.codeLabel)}
            inputMode="numeric"
            autoComplete="one-time-code"
            // Room for a pasted '123 456'; the formatter keeps the 6 digits.
            maxLength={LIMITS.verificationCode * 2}
            formatOnChange={codeDigits}
          />
          <NewPasswordFields />
          <SubmitButton busy={form.formState.isSubmitting}>{submitLabel}</SubmitButton>
        </form>
      </FormProvider>
    </AccountPage>
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
