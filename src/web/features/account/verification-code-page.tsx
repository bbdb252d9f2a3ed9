import { FormattedMessage, useIntl } from 'react-intl';
import { FormProvider } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { verificationCodeSchema } from '#domain/validation/account';
import { digitsOnly } from '#domain/validation/format';
import { LIMITS } from '#domain/validation/limits';
import { readSessionState } from '#web/lib/session';
import { EmailField } from '#web/components/ui/form/email-field';
import { SubmitButton } from '#web/components/ui/form/submit-button';
import { TextField } from '#web/components/ui/form/text-field';
import { useZodForm } from '#web/components/ui/form/use-zod-form';
import { AccountPage, LINK_CLASS, SPACE } from './account-page';

const codeDigits = (value: string) => digitsOnly(value).slice(0, LIMITS.verificationCode);

/** Email (only when not known) and the 6-digit code from the email; continues to /reset-password. */
export function Component() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const intl = useIntl();
  const knownEmail = params.get('email') ?? readSessionState().forgotPasswordUsername ?? '';
  const form = useZodForm(verificationCodeSchema, { email: knownEmail, code: params.get('code') ?? '' });
  // A known email that fails validation must be shown, or the form could never be submitted.
  const showEmail = knownEmail === '' || form.formState.errors.email !== undefined;

  const onSubmit = form.handleSubmit(async ({ email, code }) => {
    await navigate(`/reset-password?${new URLSearchParams({ email, code }).toString()}`);
  });

  return (
    <AccountPage
      title={intl.formatMessage({
        id: 'account.verificationCode.title',
        defaultMessage: 'Enter your verification code',
      })}
      intro={intl.formatMessage({
        id: 'account.verificationCode.intro',
        defaultMessage: 'Enter the 6-digit code from the email we sent you.',
      })}
    >
      <FormProvider {...form}>
        <form noValidate onSubmit={onSubmit} className="space-y-5">
          {showEmail ? (
            <EmailField name="email" />
          ) : (
            <p className="text-sm text-gray-700">
              <FormattedMessage
                id="account.verificationCode.sentTo"
                defaultMessage="Code sent to {email}"
                values={{ email: <span className="font-medium text-gray-900">{knownEmail}</span> }}
              />
            </p>
          )}
          <TextField
            name="code"
            label={intl.formatMessage({
              id: 'account.verificationCode.label',
              defaultMessage: 'Verification code',
            })}
            inputMode="numeric"
            autoComplete="one-time-code"
            // Room for a pasted '123 456'; the formatter keeps the 6 digits.
            maxLength={LIMITS.verificationCode * 2}
            formatOnChange={codeDigits}
          />
          <SubmitButton busy={form.formState.isSubmitting}>
            <FormattedMessage id="account.continue" defaultMessage="Continue" />
          </SubmitButton>
        </form>
      </FormProvider>
      <p className="mt-6 text-center text-sm text-gray-700">
        <FormattedMessage id="account.verificationCode.noCode" defaultMessage="No code?" />
        {SPACE}
        <Link to="/forgot-password" className={LINK_CLASS}>
          <FormattedMessage id="account.sendNewLink" defaultMessage="Send a new verification link" />
        </Link>
      </p>
    </AccountPage>
  );
}
