import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { FormProvider, useWatch } from 'react-hook-form';
import {
  defineMessages,
  FormattedMessage,
  useIntl,
  type IntlShape,
  type MessageDescriptor,
} from 'react-intl';
import { changeDraftDay } from '#domain/enrollment/draft-day-change';
import { formatUsd } from '#domain/enrollment/letter-of-authorization';
import { draftDaySettingSchema, type DraftDayView } from '#domain/enrollment/settings';
import { englishOf } from '#domain/i18n/message';
import { PORTAL_REFUSALS } from '#domain/i18n/validation-messages';
import { SITE } from '#domain/site';
import { PORTAL_REFUSAL_REFS } from '#domain/validation/messages';
import { LAST_DRAFT_DAY_OF_MONTH } from '#domain/underwriting/constants';
import { ApiError } from '#web/lib/api';
import { apiErrorText } from '#web/lib/api-error-text';
import { ErrorModal } from '#web/components/ui/error-modal';
import { CheckboxField } from '#web/components/ui/form/checkbox-field';
import { SelectField } from '#web/components/ui/form/select-field';
import { applyServerFieldErrors } from '#web/components/ui/form/server-errors';
import { SubmitButton } from '#web/components/ui/form/submit-button';
import type { FieldErrorWithRef } from '#web/components/ui/form/zod-ref-resolver';
import { useFailureModal } from '#web/components/ui/form/use-failure-modal';
import { useZodForm } from '#web/components/ui/form/use-zod-form';
import { customerPortalKeys, saveDraftDay } from './api';
import { formatDay } from './dates';

// The day of the month the plan is drawn, and a change of it. The page works the change out with the server's
// own function (changeDraftDay) on the schedule the server sent, so the dates it shows are the ones saved.

const MESSAGES: Record<'change' | 'newDay' | 'save' | 'failed', MessageDescriptor> = defineMessages({
  change: { id: 'portal.draftDay.change', defaultMessage: 'Change the draft day' },
  newDay: { id: 'portal.draftDay.newDay', defaultMessage: 'New day of the month' },
  save: { id: 'portal.draftDay.save', defaultMessage: 'Save the new day' },
  failed: {
    id: 'portal.draftDay.failed',
    defaultMessage: 'Your new draft day could not be saved. Please try again in a moment.',
  },
});
export const CHANGE_DRAFT_DAY = String(MESSAGES.change.defaultMessage);
export const NEW_DRAFT_DAY_LABEL = String(MESSAGES.newDay.defaultMessage);
export const SAVE_DRAFT_DAY = String(MESSAGES.save.defaultMessage);
export const DRAFT_DAY_FAILED = String(MESSAGES.failed.defaultMessage);

const formSchema = draftDaySettingSchema.pick({ draftDay: true, agreed: true });

/** A day of the month as the sentences name it: '3rd' in English, '3' in Spanish ('el día 3'). */
const ordinal = (intl: IntlShape, day: number): string =>
  intl.formatMessage(
    {
      id: 'portal.draftDay.ordinal',
      defaultMessage: '{day, selectordinal, one {#st} two {#nd} few {#rd} other {#th}}',
    },
    { day },
  );

/** 'Your draft on March 15, 2027 stays as planned. From April 3, 2027, drafts are on the 3rd of each month.' */
export function draftDayPreview(view: DraftDayView, day: number, intl: IntlShape): string {
  const change = changeDraftDay(view.schedule, day, view.today);
  if ('refused' in change) return intl.formatMessage(PORTAL_REFUSALS[change.refused]);
  const stay = change.draftsBeforeChange.map((date) => formatDay(date, intl));
  const from = intl.formatMessage(
    {
      id: 'portal.draftDay.preview',
      defaultMessage: 'From {date}, drafts are on the {ordinal} of each month, at least 10 days from today.',
    },
    { date: formatDay(change.firstDraftOnNewDay, intl), ordinal: ordinal(intl, day) },
  );
  if (stay.length === 0) return from;
  const stays = intl.formatMessage(
    {
      id: 'portal.draftDay.stays',
      defaultMessage:
        '{count, plural, one {Your draft} other {Your drafts}} on {dates} {count, plural, one {stays} other {stay}} as planned.',
    },
    { count: stay.length, dates: intl.formatList(stay, { type: 'conjunction' }) },
  );
  return `${stays} ${from}`;
}

/** Where the drafts stand: the day, the next draft, and a change of day that starts later. */
export function draftDayText(view: DraftDayView, intl: IntlShape): string {
  const parts = [
    intl.formatMessage(
      { id: 'portal.draftDay.current', defaultMessage: 'We draw {amount} on the {ordinal} of each month.' },
      { amount: formatUsd(view.monthlyDraft), ordinal: ordinal(intl, view.draftDay) },
    ),
  ];
  if (view.nextDraftDate)
    parts.push(
      intl.formatMessage(
        { id: 'portal.draftDay.next', defaultMessage: 'Your next draft is on {date}.' },
        { date: formatDay(view.nextDraftDate, intl) },
      ),
    );
  if (view.upcomingChange)
    parts.push(
      intl.formatMessage(
        { id: 'portal.draftDay.upcoming', defaultMessage: 'From {date}, drafts are on the {ordinal}.' },
        {
          date: formatDay(view.upcomingChange.firstDraftOnNewDay, intl),
          ordinal: ordinal(intl, view.upcomingChange.draftDay),
        },
      ),
    );
  if (view.amountChange)
    parts.push(
      intl.formatMessage(
        {
          id: 'portal.draftDay.amountChange',
          defaultMessage: 'From your draft on {date}, we draw {amount}.',
        },
        { date: formatDay(view.amountChange.from, intl), amount: formatUsd(view.amountChange.monthlyDraft) },
      ),
    );
  return parts.join(' ');
}

export function DraftDaySetting({ view }: { view: DraftDayView }) {
  const intl = useIntl();
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState<string>();
  const openButton = useRef<HTMLButtonElement>(null);
  const reopenFocus = useRef(false);
  useEffect(() => {
    if (!editing && reopenFocus.current) {
      reopenFocus.current = false;
      openButton.current?.focus();
    }
  }, [editing]);
  const close = (message?: string) => {
    reopenFocus.current = true;
    setSaved(message);
    setEditing(false);
  };
  return (
    <div>
      <p className="text-sm font-medium text-gray-600">
        <FormattedMessage id="portal.draftDay.title" defaultMessage="Monthly draft day" />
      </p>
      <p className="mt-1 text-gray-900">{draftDayText(view, intl)}</p>
      {editing ? (
        <DraftDayForm view={view} onDone={close} />
      ) : (
        view.nextDraftDate && (
          <button
            ref={openButton}
            type="button"
            onClick={() => {
              setSaved(undefined);
              setEditing(true);
            }}
            className="-mx-3 mt-1 inline-flex min-h-11 items-center rounded-md px-3 font-medium text-brand-700 underline-offset-4 hover:bg-brand-50 hover:text-brand-800 hover:underline"
          >
            {intl.formatMessage(MESSAGES.change)}
          </button>
        )
      )}
      <p role="status" className="mt-1 text-sm text-gray-800">
        {saved}
      </p>
    </div>
  );
}

function DraftDayForm({ view, onDone }: { view: DraftDayView; onDone: (message?: string) => void }) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const form = useZodForm(formSchema, {});
  const failure = useFailureModal();
  const previewId = useId();
  const [refused, setRefused] = useState<string>();
  const day = useWatch({ control: form.control, name: 'draftDay' }) as number | null;
  const change = day ? changeDraftDay(view.schedule, day, view.today) : null;
  const save = useMutation({ mutationFn: saveDraftDay });
  useEffect(() => form.setFocus('draftDay'), [form]);

  const onSubmit = form.handleSubmit(async (values) => {
    if (save.isPending) return;
    setRefused(undefined);
    if (!change || 'refused' in change) {
      const refusal = PORTAL_REFUSAL_REFS[change ? change.refused : 'notADraftDay'];
      const error: FieldErrorWithRef = { type: 'refused', message: englishOf(refusal), messageRef: refusal };
      form.setError('draftDay', error);
      return;
    }
    try {
      const next = await save.mutateAsync({
        draftDay: values.draftDay,
        firstDraftOnNewDay: change.firstDraftOnNewDay,
        agreed: true,
      });
      queryClient.setQueryData(customerPortalKeys.settings(), next);
      // My plan's next draft and last draft follow the new day.
      void queryClient.invalidateQueries({ queryKey: customerPortalKeys.plan() });
      onDone(
        intl.formatMessage(
          {
            id: 'portal.draftDay.saved',
            defaultMessage:
              'Saved. From {date}, drafts are on the {ordinal} of each month. We emailed you the details.',
          },
          { date: formatDay(change.firstDraftOnNewDay, intl), ordinal: ordinal(intl, values.draftDay) },
        ),
      );
    } catch (error) {
      if (applyServerFieldErrors(form, error, ['draftDay', 'agreed'])) return;
      if (error instanceof ApiError && error.status === 409) {
        // The schedule moved on since the page was read (a day passed, another change): show the new dates.
        setRefused(apiErrorText(intl, error));
        await queryClient.invalidateQueries({ queryKey: customerPortalKeys.settings() });
      } else
        failure.show(
          error instanceof ApiError && error.code === 'NetworkError'
            ? apiErrorText(intl, error)
            : intl.formatMessage(MESSAGES.failed),
        );
    }
  });

  const amount = formatUsd(view.monthlyDraft);
  const agreement =
    change && !('refused' in change)
      ? intl.formatMessage(
          {
            id: 'portal.draftDay.agreement',
            defaultMessage:
              'I authorize {agency} to draw {amount} on the {ordinal} of each month from {date}.',
          },
          {
            agency: SITE.agencyName,
            amount,
            ordinal: ordinal(intl, change.draftDay),
            date: formatDay(change.firstDraftOnNewDay, intl),
          },
        )
      : intl.formatMessage(
          {
            id: 'portal.draftDay.agreementNewDay',
            defaultMessage: 'I authorize {agency} to draw {amount} on the new day each month.',
          },
          { agency: SITE.agencyName, amount },
        );
  const dayOptions = Array.from({ length: LAST_DRAFT_DAY_OF_MONTH }, (_, k) => ({
    value: k + 1,
    label: ordinal(intl, k + 1),
  }));
  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="mt-3 space-y-4">
        <SelectField
          name="draftDay"
          label={intl.formatMessage(MESSAGES.newDay)}
          options={dayOptions}
          placeholder={intl.formatMessage({ id: 'portal.draftDay.choose', defaultMessage: 'Choose a day' })}
          hint={intl.formatMessage({
            id: 'portal.draftDay.hint',
            defaultMessage: 'A draft due on a weekend or a bank holiday is drawn on the next business day.',
          })}
          className="max-w-xs"
        />
        <p id={previewId} aria-live="polite" className="text-sm text-gray-800">
          {day ? (
            draftDayPreview(view, day, intl)
          ) : (
            <FormattedMessage
              id="portal.draftDay.choosePrompt"
              defaultMessage="Choose a day to see from which draft it applies."
            />
          )}
        </p>
        <CheckboxField name="agreed" label={agreement} />
        {refused && (
          <p role="alert" className="text-sm text-red-700">
            {refused}
          </p>
        )}
        <div className="flex flex-wrap gap-3">
          <SubmitButton busy={save.isPending} className="sm:w-auto">
            {intl.formatMessage(MESSAGES.save)}
          </SubmitButton>
          <button
            type="button"
            onClick={() => onDone()}
            className="inline-flex min-h-11 w-full items-center justify-center rounded-lg border border-gray-300 bg-white px-5 py-3 font-semibold sm:w-auto text-gray-800 hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
          >
            <FormattedMessage id="portal.draftDay.cancel" defaultMessage="Cancel" />
          </button>
        </div>
      </form>
      <ErrorModal {...failure.props} />
    </FormProvider>
  );
}
