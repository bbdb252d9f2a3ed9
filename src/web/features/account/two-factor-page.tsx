import { useQueryClient } from '@tanstack/react-query';
import { FormProvider } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import { ApiError } from '#web/lib/api';
import { refreshSession, updateSessionState } from '#web/lib/session';
import { ErrorModal } from '#web/components/ui/error-modal';
import { applyServerFieldErrors } from '#web/components/ui/form/server-errors';
import { StatusBanner } from '#web/components/ui/form/status-banner';
import { SubmitButton } from '#web/components/ui/form/submit-button';
import { TextField } from '#web/components/ui/form/text-field';
import { useFailureModal } from '#web/components/ui/form/use-failure-modal';
import { useZodForm } from '#web/components/ui/form/use-zod-form';
import { AccountPage, LINK_CLASS } from './account-page';
import { verifySecondFactor } from './api';
import { errorMessage, locationMessage } from './location-message';
import { SECOND_FACTOR_CODE_MAX, secondFactorCodeSchema } from './two-factor-schemas';

/** The second step of a staff sign-in: a code from the authenticator app, or one recovery code. */
export function Component() {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const failure = useFailureModal();
  const form = useZodForm(secondFactorCodeSchema, { code: '' });

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const answer = await verifySecondFactor(values);
      updateSessionState({ mustSetInitialPassword: answer.mustSetInitialPassword || undefined });
      await refreshSession(queryClient);
      await navigate(answer.next, { replace: true });
    } catch (error) {
      // An expired or spent sign-in attempt starts again at /sign-in, with the reason in its banner.
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
    <AccountPage
      title="Two-step verification"
      intro="Enter the 6-digit code from your authenticator app for Clearpath Debt Relief."
    >
      <StatusBanner message={locationMessage(location.state)} className="mb-6" />
      <FormProvider {...form}>
        <form noValidate onSubmit={onSubmit} className="space-y-5">
          <TextField
            name="code"
            label="Authentication code"
            hint="Lost your phone? Enter one of your recovery codes instead."
            autoComplete="one-time-code"
            maxLength={SECOND_FACTOR_CODE_MAX}
            spellCheck={false}
            autoCapitalize="off"
          />
          <SubmitButton busy={form.formState.isSubmitting}>Verify</SubmitButton>
        </form>
      </FormProvider>
      <p className="mt-6 text-center text-sm text-gray-700">
        <Link to="/sign-in" className={LINK_CLASS}>
          Back to sign in
        </Link>
      </p>
      <ErrorModal {...failure.props} />
    </AccountPage>
  );
}
