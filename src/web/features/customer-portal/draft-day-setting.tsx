import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { FormProvider, useWatch } from 'react-hook-form';
import { changeDraftDay, DRAFT_DAY_REFUSALS } from '#domain/enrollment/draft-day-change';
import { formatLetterDate, formatUsd, ordinal } from '#domain/enrollment/letter-of-authorization';
import { draftDaySettingSchema, type DraftDayView } from '#domain/enrollment/settings';
import { SITE } from '#domain/site';
import { LAST_DRAFT_DAY_OF_MONTH } from '#domain/underwriting/constants';
import { ApiError } from '#web/lib/api';
import { ErrorModal } from '#web/components/ui/error-modal';
import { CheckboxField } from '#web/components/ui/form/checkbox-field';
import { SelectField } from '#web/components/ui/form/select-field';
import { applyServerFieldErrors } from '#web/components/ui/form/server-errors';
import { SubmitButton } from '#web/components/ui/form/submit-button';
import { useFailureModal } from '#web/components/ui/form/use-failure-modal';
import { useZodForm } from '#web/components/ui/form/use-zod-form';
import { customerPortalKeys, saveDraftDay } from './api';

// The day of the month the plan is drawn, and a change of it. The page works the change out with the server's
// own function (changeDraftDay) on the schedule the server sent, so the dates it shows are the ones saved.

export const CHANGE_DRAFT_DAY = 'Change the draft day';
export const NEW_DRAFT_DAY_LABEL = 'New day of the month';
export const SAVE_DRAFT_DAY = 'Save the new day';
export const DRAFT_DAY_FAILED = 'Your new draft day could not be saved. Please try again in a moment.';

const formSchema = draftDaySettingSchema.pick({ draftDay: true, agreed: true });
const DAY_OPTIONS = Array.from({ length: LAST_DRAFT_DAY_OF_MONTH }, (_, k) => ({
  value: k + 1,
  label: ordinal(k + 1),
}));

/** 'Your draft on March 15, 2027 stays as planned. From April 3, 2027, drafts are on the 3rd of each month.' */
export function draftDayPreview(view: DraftDayView, day: number): string {
  const change = changeDraftDay(view.schedule, day, view.today);
  if ('refused' in change) return DRAFT_DAY_REFUSALS[change.refused];
  const stay = change.draftsBeforeChange.map(formatLetterDate);
  return (
    (stay.length > 0
      ? `Your ${stay.length === 1 ? 'draft' : 'drafts'} on ${stay.join(' and ')} ${stay.length === 1 ? 'stays' : 'stay'} as planned. `
      : '') +
    `From ${formatLetterDate(change.firstDraftOnNewDay)}, drafts are on the ${ordinal(day)} of each month, at least 10 days from today.`
  );
}

/** Where the drafts stand: the day, the next draft, and a change of day that starts later. */
export function draftDayText(view: DraftDayView): string {
  const next = view.nextDraftDate ? ` Your next draft is on ${formatLetterDate(view.nextDraftDate)}.` : '';
  const upcoming = view.upcomingChange
    ? ` From ${formatLetterDate(view.upcomingChange.firstDraftOnNewDay)}, drafts are on the ${ordinal(view.upcomingChange.draftDay)}.`
    : '';
  return `We draw ${formatUsd(view.monthlyDraft)} on the ${ordinal(view.draftDay)} of each month.${next}${upcoming}`;
}

export function DraftDaySetting({ view }: { view: DraftDayView }) {
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
      <p className="text-sm font-medium text-gray-600">Monthly draft day</p>
      <p className="mt-1 text-gray-900">{draftDayText(view)}</p>
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
            {CHANGE_DRAFT_DAY}
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
      form.setError('draftDay', {
        message: change ? DRAFT_DAY_REFUSALS[change.refused] : DRAFT_DAY_REFUSALS.notADraftDay,
      });
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
        `Saved. From ${formatLetterDate(change.firstDraftOnNewDay)}, drafts are on the ${ordinal(values.draftDay)} of each month. We emailed you the details.`,
      );
    } catch (error) {
      if (applyServerFieldErrors(form, error, ['draftDay', 'agreed'])) return;
      if (error instanceof ApiError && error.status === 409) {
        // The schedule moved on since the page was read (a day passed, another change): show the new dates.
        setRefused(error.message);
        await queryClient.invalidateQueries({ queryKey: customerPortalKeys.settings() });
      } else
        failure.show(
          error instanceof ApiError && error.code === 'NetworkError' ? error.message : DRAFT_DAY_FAILED,
        );
    }
  });

  const agreement =
    change && !('refused' in change)
      ? `I authorize ${SITE.agencyName} to draw ${formatUsd(view.monthlyDraft)} on the ${ordinal(change.draftDay)} of each month from ${formatLetterDate(change.firstDraftOnNewDay)}.`
      : `I authorize ${SITE.agencyName} to draw ${formatUsd(view.monthlyDraft)} on the new day each month.`;
  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="mt-3 space-y-4">
        <SelectField
          name="draftDay"
          label={NEW_DRAFT_DAY_LABEL}
          options={DAY_OPTIONS}
          placeholder="Choose a day"
          hint="A draft due on a weekend or a bank holiday is drawn on the next business day."
          className="max-w-xs"
        />
        <p id={previewId} aria-live="polite" className="text-sm text-gray-800">
          {day ? draftDayPreview(view, day) : 'Choose a day to see from which draft it applies.'}
        </p>
        <CheckboxField name="agreed" label={agreement} />
        {refused && (
          <p role="alert" className="text-sm text-red-700">
            {refused}
          </p>
        )}
        <div className="flex flex-wrap gap-3">
          <SubmitButton busy={save.isPending} className="sm:w-auto">
            {SAVE_DRAFT_DAY}
          </SubmitButton>
          <button
            type="button"
            onClick={() => onDone()}
            className="inline-flex min-h-11 w-full items-center justify-center rounded-lg border border-gray-300 bg-white px-5 py-3 font-semibold sm:w-auto text-gray-800 hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
          >
            Cancel
          </button>
        </div>
      </form>
      <ErrorModal {...failure.props} />
    </FormProvider>
  );
}
