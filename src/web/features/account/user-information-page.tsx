import { FormattedMessage, useIntl } from 'react-intl';
import { FormProvider } from 'react-hook-form';
import { Navigate, useNavigate } from 'react-router';
import { userInformationSchema } from '#domain/validation/account';
import { formatPhone } from '#domain/validation/format';
import { readSessionState, updateSessionState, useSession, type UserInformation } from '#web/lib/session';
import { LoadingScreen } from '#web/components/ui/loading-screen';
import { PhoneField } from '#web/components/ui/form/phone-field';
import { SubmitButton } from '#web/components/ui/form/submit-button';
import { TextField } from '#web/components/ui/form/text-field';
import { useZodForm } from '#web/components/ui/form/use-zod-form';
import { LIMITS } from '#domain/validation/limits';
import { ROUTES } from '#domain/flow/routes';
import { AccountPage } from './account-page';

/**
 * First step of setting the initial password: first name, last name and phone are
 * kept in session state and sent with the new password from /reset-password.
 */
export function Component() {
  const session = useSession();
  if (session.isPending) return <LoadingScreen />;
  const answer = session.data;
  if (!answer?.user) return <Navigate to="/sign-in" replace />;
  const user = answer.user;
  // A staff member's steps are the server's (session.resume): a reload or a new tab after the password was
  // saved, or before the code of an enrolled app was given, goes to the step still to do, not back here.
  if (user.isStaff && answer.resume !== ROUTES.UserInformation) {
    return <Navigate to={answer.resume} replace />;
  }
  const defaults = readSessionState().userInformation ?? {
    firstName: user.firstName ?? '',
    lastName: user.lastName ?? '',
    phoneNumber: formatPhone(user.phoneNumber),
  };
  return <UserInformationForm defaults={defaults} />;
}

function UserInformationForm({ defaults }: { defaults: UserInformation }) {
  const navigate = useNavigate();
  const form = useZodForm(userInformationSchema, defaults);
  const intl = useIntl();

  const onSubmit = form.handleSubmit(async (values) => {
    updateSessionState({ userInformation: values });
    await navigate('/reset-password');
  });

  return (
    <AccountPage
      title={intl.formatMessage({ id: 'account.userInformation.title', defaultMessage: 'Your information' })}
      intro={intl.formatMessage({
        id: 'account.userInformation.intro',
        defaultMessage: 'Confirm your name and phone number, then create your password.',
      })}
    >
      <FormProvider {...form}>
        <form noValidate onSubmit={onSubmit} className="space-y-5">
          <TextField
            name="firstName"
            label={intl.formatMessage({
              id: 'account.userInformation.firstName',
              defaultMessage: 'First name',
            })}
            autoComplete="given-name"
            maxLength={LIMITS.name}
          />
          <TextField
            name="lastName"
            label={intl.formatMessage({
              id: 'account.userInformation.lastName',
              defaultMessage: 'Last name',
            })}
            autoComplete="family-name"
            maxLength={LIMITS.name}
          />
          <PhoneField
            name="phoneNumber"
            label={intl.formatMessage({
              id: 'account.userInformation.phoneNumber',
              defaultMessage: 'Phone number',
            })}
          />
          <SubmitButton busy={form.formState.isSubmitting}>
            <FormattedMessage id="account.continue" defaultMessage="Continue" />
          </SubmitButton>
        </form>
      </FormProvider>
    </AccountPage>
  );
}
