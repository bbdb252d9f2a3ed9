import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormProvider } from 'react-hook-form';
import { Navigate, useNavigate } from 'react-router';
import { ApiError } from '#web/lib/api';
import { refreshSession, useSession } from '#web/lib/session';
import { ErrorModal } from '#web/components/ui/error-modal';
import { applyServerFieldErrors } from '#web/components/ui/form/server-errors';
import { PasswordField } from '#web/components/ui/form/password-field';
import { SubmitButton } from '#web/components/ui/form/submit-button';
import { TextField } from '#web/components/ui/form/text-field';
import { useFailureModal } from '#web/components/ui/form/use-failure-modal';
import { useZodForm } from '#web/components/ui/form/use-zod-form';
import { LoadingScreen } from '#web/components/ui/loading-screen';
import { AccountPage } from './account-page';
import { confirmTwoFactor, setUpTwoFactor, type TwoFactorConfirmed, type TwoFactorSetup } from './api';
import { errorMessage } from './location-message';
import { enrolmentPasswordSchema, groupSecret, totpCodeSchema } from './two-factor-schemas';

const SETUP_PATH = '/two-factor/setup';

const SECONDARY_BUTTON =
  'inline-flex min-h-11 flex-1 items-center justify-center rounded-lg border border-gray-300 bg-white px-4 font-semibold text-gray-900 hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700';
const PRIMARY_BUTTON =
  'inline-flex min-h-11 w-full items-center justify-center rounded-lg bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700';

/**
 * Enrolment of a staff member's authenticator app at the first sign-in (FTC Safeguards Rule: MFA):
 * the password again, then the QR code and the key, a code to confirm, then the recovery codes, once.
 */
export function Component() {
  const session = useSession();
  const [setup, setSetup] = useState<TwoFactorSetup>();
  const [confirmed, setConfirmed] = useState<TwoFactorConfirmed>();

  // Once confirmed the session is enrolled; the recovery codes stay on screen until the person continues.
  if (confirmed) return <RecoveryCodes {...confirmed} />;
  if (session.isPending) return <LoadingScreen />;
  const answer = session.data;
  if (!answer?.user) return <Navigate to="/sign-in" replace />;
  // Borrowers, staff already enrolled and staff who must first set a password are sent where they belong.
  if (answer.resume !== SETUP_PATH) return <Navigate to={answer.resume} replace />;
  if (!setup) return <PasswordStep onSetup={setSetup} />;
  return <ScanStep setup={setup} email={answer.user.email} onConfirmed={setConfirmed} />;
}

function PasswordStep({ onSetup }: { onSetup: (setup: TwoFactorSetup) => void }) {
  const failure = useFailureModal();
  const form = useZodForm(enrolmentPasswordSchema, { password: '' });
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      onSetup(await setUpTwoFactor(values));
    } catch (error) {
      if (applyServerFieldErrors(form, error, ['password'])) return;
      failure.show(
        errorMessage(error, 'There was a problem setting up your authenticator app. Please try again.'),
      );
    }
  });
  return (
    <AccountPage
      title="Set up two-step verification"
      intro="Staff accounts sign in with a password and a code from an authenticator app. Enter your password to begin."
    >
      <FormProvider {...form}>
        <form noValidate onSubmit={onSubmit} className="space-y-5">
          <PasswordField name="password" label="Password" autoComplete="current-password" />
          <SubmitButton busy={form.formState.isSubmitting}>Continue</SubmitButton>
        </form>
      </FormProvider>
      <ErrorModal {...failure.props} />
    </AccountPage>
  );
}

function ScanStep({
  setup,
  email,
  onConfirmed,
}: {
  setup: TwoFactorSetup;
  email: string;
  onConfirmed: (confirmed: TwoFactorConfirmed) => void;
}) {
  const navigate = useNavigate();
  const failure = useFailureModal();
  const form = useZodForm(totpCodeSchema, { code: '' });
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      onConfirmed(await confirmTwoFactor(values));
    } catch (error) {
      if (error instanceof ApiError && error.redirect) {
        await navigate(error.redirect, {
          replace: true,
          state: { message: error.messageRef ?? error.message },
        });
        return;
      }
      if (applyServerFieldErrors(form, error, ['code'])) return;
      failure.show(errorMessage(error, 'That code is not valid. Please try again.'));
    }
  });
  return (
    <AccountPage title="Set up two-step verification">
      <ol className="list-decimal space-y-4 pl-5 text-gray-800">
        <li>
          Install an authenticator app on your phone, such as Google Authenticator or Microsoft Authenticator.
        </li>
        <li>
          <p>In the app, add an account and scan this QR code.</p>
          <img
            src={setup.qrCode}
            alt={`QR code for Clearpath Debt Relief, ${email}`}
            width={200}
            height={200}
            className="mt-3 h-[200px] w-[200px] rounded border border-gray-200 bg-white"
          />
          <p className="mt-3 text-sm">Can’t scan it? Enter this key instead:</p>
          <p className="mt-1 font-mono text-sm break-all text-gray-900" aria-label="Set-up key">
            {groupSecret(setup.secret)}
          </p>
        </li>
        <li>Enter the 6-digit code the app shows.</li>
      </ol>
      <FormProvider {...form}>
        <form noValidate onSubmit={onSubmit} className="mt-5 space-y-5">
          <TextField
            name="code"
            label="Authentication code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={12}
            formatOnChange={(value) => value.replace(/\D/g, '').slice(0, 6)}
          />
          <SubmitButton busy={form.formState.isSubmitting}>Verify and continue</SubmitButton>
        </form>
      </FormProvider>
      <ErrorModal {...failure.props} />
    </AccountPage>
  );
}

function RecoveryCodes({ recoveryCodes, next }: TwoFactorConfirmed) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [copied, setCopied] = useState(false);
  const text = `Clearpath Debt Relief recovery codes (each works once)\n\n${recoveryCodes.join('\n')}\n`;

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch {
      // No clipboard permission: the codes stay on screen and can be downloaded.
      setCopied(false);
    }
  };
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'clearpath-recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(url);
  };
  const proceed = async () => {
    await refreshSession(queryClient);
    await navigate(next, { replace: true });
  };

  return (
    <AccountPage
      title="Save your recovery codes"
      intro="If you lose your phone, each of these codes signs you in once. Keep them somewhere safe: they are shown only now."
    >
      <ol
        aria-label="Recovery codes"
        className="grid grid-cols-2 gap-2 rounded-lg bg-gray-50 p-4 font-mono text-gray-900"
      >
        {recoveryCodes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <div className="mt-4 flex gap-3">
        <button type="button" className={SECONDARY_BUTTON} onClick={() => void copy()}>
          {copied ? 'Copied' : 'Copy'}
        </button>
        <button type="button" className={SECONDARY_BUTTON} onClick={download}>
          Download
        </button>
      </div>
      <p role="status" className="sr-only">
        {copied ? 'Recovery codes copied' : ''}
      </p>
      <button type="button" className={`${PRIMARY_BUTTON} mt-6`} onClick={() => void proceed()}>
        I have saved my codes, continue
      </button>
    </AccountPage>
  );
}
