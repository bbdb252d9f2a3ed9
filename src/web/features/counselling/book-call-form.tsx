import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { FormProvider, useController } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { CALL_LANGUAGES, REMINDER_CHOICES, type CallLanguage } from '#domain/counselling/calls';
import { ROUTES } from '#domain/flow/routes';
import { LOCALE } from '#domain/i18n/language';
import { SITE } from '#domain/site';
import { emailField, nameField, phoneField } from '#domain/validation/fields';
import { LIMITS } from '#domain/validation/limits';
import { BusyOverlay } from '#web/components/ui/busy-overlay';
import { ChoiceField } from '#web/components/ui/form/choice-field';
import { EmailField } from '#web/components/ui/form/email-field';
import { PhoneField } from '#web/components/ui/form/phone-field';
import { applyServerFieldErrors } from '#web/components/ui/form/server-errors';
import { SubmitButton } from '#web/components/ui/form/submit-button';
import { TextField } from '#web/components/ui/form/text-field';
import { useZodForm } from '#web/components/ui/form/use-zod-form';
import { useLanguage } from '#web/lib/i18n';
import type { SessionUser } from '#web/lib/session';
import { bookCall, counsellingKeys } from './api';
import { isSlotTaken, refusalText } from './messages';
import { SlotPicker } from './slot-picker';
import { TimeZoneSelect } from './time-zone-select';
import { detectedTimeZone } from './time-zones';

const CONTACT_FIELDS = ['firstName', 'lastName', 'email', 'phoneNumber'] as const;

/**
 * The booking form: the call's language, a day and time in the borrower's zone, their contact when the
 * server does not know it, and how to be reminded. A signed-in borrower's name and email come from the account.
 */
export function BookCallForm({ user }: { user: SessionUser | null }) {
  const intl = useIntl();
  const { language: pageLanguage } = useLanguage();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const borrower = user && !user.isStaff ? user : null;
  const askContact = borrower === null;
  const askPhone = askContact || !borrower.phoneNumber;
  const [timeZone, setTimeZone] = useState(detectedTimeZone);
  const [failure, setFailure] = useState<string | null>(null);

  const chooseTime = intl.formatMessage({
    id: 'counselling.book.chooseTime',
    defaultMessage: 'Choose a time for the call.',
  });
  const schema = useMemo(
    () =>
      z.object({
        language: z.enum(CALL_LANGUAGES),
        startsAt: z.string().min(1, { error: chooseTime }),
        reminder: z.enum(REMINDER_CHOICES, { error: 'Reminder is required' }),
        firstName: askContact ? nameField('First name') : z.string().optional(),
        lastName: askContact ? nameField('Last name') : z.string().optional(),
        email: askContact ? emailField('Email address') : z.string().optional(),
        phoneNumber: askPhone ? phoneField('Phone number') : z.string().optional(),
      }),
    [askContact, askPhone, chooseTime],
  );
  const form = useZodForm(schema, { language: pageLanguage, startsAt: '', reminder: 'email' });
  const language = form.watch('language') as CallLanguage;
  const reminder = form.watch('reminder');
  const { field: startsAtField, fieldState } = useController({ name: 'startsAt', control: form.control });
  const onSlot = useCallback((startsAt: string) => startsAtField.onChange(startsAt), [startsAtField]);

  const [busy, setBusy] = useState(false);
  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    setBusy(true);
    try {
      const booked = await bookCall({
        startsAt: values.startsAt,
        timeZone,
        language: values.language,
        reminder: values.reminder,
        ...(askContact
          ? {
              firstName: values.firstName,
              lastName: values.lastName,
              email: values.email,
            }
          : {}),
        ...(askPhone ? { phoneNumber: values.phoneNumber } : {}),
      });
      await queryClient.invalidateQueries({ queryKey: ['counselling'] });
      const search = new URLSearchParams({ token: booked.token, booked: '1' });
      await navigate(`${ROUTES.CounsellingCall}?${search.toString()}`);
    } catch (error) {
      if (applyServerFieldErrors(form, error, [...CONTACT_FIELDS, 'startsAt'])) return;
      if (isSlotTaken(error)) {
        // Someone took it first: the list is read again and the time chosen anew.
        startsAtField.onChange('');
        await queryClient.invalidateQueries({ queryKey: counsellingKeys.slots(timeZone, values.language) });
      }
      setFailure(refusalText(error, intl, SITE.phone.display));
    } finally {
      setBusy(false);
    }
  });

  const languageName = (value: CallLanguage) =>
    value === 'en'
      ? intl.formatMessage({ id: 'counselling.book.english', defaultMessage: 'English' })
      : intl.formatMessage({ id: 'counselling.book.spanish', defaultMessage: 'Spanish' });

  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={(event) => void submit(event)} className="space-y-8">
        <section className="space-y-5" aria-labelledby="counselling-when">
          <h2 id="counselling-when" className="text-xl font-semibold text-gray-900">
            <FormattedMessage id="counselling.book.when" defaultMessage="When should we call you?" />
          </h2>
          <ChoiceField
            name="language"
            legend={intl.formatMessage({
              id: 'counselling.book.language',
              defaultMessage: 'Language of the call',
            })}
            choices={CALL_LANGUAGES.map((value) => ({ value, label: languageName(value) }))}
          />
          <TimeZoneSelect value={timeZone} onChange={setTimeZone} locale={LOCALE[pageLanguage]} />
          <SlotPicker
            timeZone={timeZone}
            language={language}
            value={startsAtField.value}
            onChange={onSlot}
            error={fieldState.error?.message}
          />
        </section>

        {askPhone && (
          <section className="space-y-4" aria-labelledby="counselling-contact">
            <h2 id="counselling-contact" className="text-xl font-semibold text-gray-900">
              <FormattedMessage id="counselling.book.contact" defaultMessage="How do we reach you?" />
            </h2>
            {askContact && (
              <>
                <div className="grid gap-4 sm:grid-cols-2">
                  <TextField
                    name="firstName"
                    label={intl.formatMessage({ id: 'lead.form.firstName', defaultMessage: 'First name' })}
                    autoComplete="given-name"
                    maxLength={LIMITS.name}
                  />
                  <TextField
                    name="lastName"
                    label={intl.formatMessage({ id: 'lead.form.lastName', defaultMessage: 'Last name' })}
                    autoComplete="family-name"
                    maxLength={LIMITS.name}
                  />
                </div>
                <EmailField
                  name="email"
                  label={intl.formatMessage({ id: 'lead.form.email', defaultMessage: 'Email address' })}
                />
              </>
            )}
            <PhoneField
              name="phoneNumber"
              label={intl.formatMessage({ id: 'lead.form.phoneNumber', defaultMessage: 'Phone number' })}
            />
          </section>
        )}
        {!askContact && borrower && (
          <p className="text-gray-700">
            <FormattedMessage
              id="counselling.book.signedIn"
              defaultMessage="We will send the confirmation to {email}."
              values={{ email: <strong className="break-all">{borrower.email}</strong> }}
            />
          </p>
        )}

        <section className="space-y-3">
          <ChoiceField
            name="reminder"
            legend={intl.formatMessage({
              id: 'counselling.book.reminder',
              defaultMessage: 'How should we remind you, a day and an hour before?',
            })}
            choices={[
              {
                value: 'email',
                label: intl.formatMessage({
                  id: 'counselling.book.reminderEmail',
                  defaultMessage: 'By email',
                }),
              },
              {
                value: 'emailAndText',
                label: intl.formatMessage({
                  id: 'counselling.book.reminderText',
                  defaultMessage: 'By email and text message',
                }),
              },
            ]}
          />
          {reminder === 'emailAndText' && (
            <p className="text-sm text-gray-700">
              <FormattedMessage
                id="counselling.book.textConsent"
                defaultMessage="By choosing text messages, you agree that {company} and {agency} may text you reminders of this call at your phone number, including with automated technology. Agreeing is not a condition of our service. Message and data rates may apply. Reply STOP to stop text messages, or HELP for help."
                values={{ company: SITE.companyName, agency: SITE.agencyName }}
              />
            </p>
          )}
        </section>

        {failure && (
          <p role="alert" className="rounded-md border border-red-300 bg-red-50 px-4 py-3 text-red-800">
            {failure}
          </p>
        )}
        <SubmitButton busy={busy} className="sm:w-auto">
          <FormattedMessage id="counselling.book.submit" defaultMessage="Book the call" />
        </SubmitButton>
      </form>
      <BusyOverlay
        show={busy}
        text={intl.formatMessage({ id: 'counselling.book.booking', defaultMessage: 'Booking your call...' })}
      />
    </FormProvider>
  );
}
