import { useIntl } from 'react-intl';
import { useId } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { PasswordChecklist } from '#web/components/ui/form/password-checklist';
import { PasswordField } from '#web/components/ui/form/password-field';

/** New password and its confirmation, with the live checklist under the first. */
export function NewPasswordFields() {
  const checklistId = useId();
  const { control } = useFormContext<{ password: string }>();
  const password = useWatch({ control, name: 'password' });
  const intl = useIntl();
  return (
    <>
      <PasswordField
        name="password"
        label={intl.formatMessage({ id: 'account.newPassword.password', defaultMessage: 'New password' })}
        autoComplete="new-password"
        describedBy={checklistId}
      />
      <PasswordChecklist id={checklistId} password={password} />
      <PasswordField
        name="confirmPassword"
        label={intl.formatMessage({
          id: 'account.newPassword.confirm',
          defaultMessage: 'Confirm password',
        })}
        autoComplete="new-password"
      />
    </>
  );
}
