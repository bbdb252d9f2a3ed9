import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { useId, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { CallState } from '#domain/counselling/calls';
import { CALL_OUTCOME_LABELS, CALL_OUTCOMES, CALL_STATE_LABELS } from '#domain/counselling/outcome';
import {
  callOutcomeSchema,
  CONTACT_ATTEMPT_NEEDS_APPLICATION,
  type CallPeriod,
  type CallScope,
  type StaffCallView,
} from '#domain/validation/counselling-staff';
import { CONTACT_OUTCOME_LABELS, CONTACT_OUTCOMES } from '#domain/validation/staff';
import { ApiError } from '#web/lib/api';
import { staffKeys } from '#web/features/service-portal/api';
import { LoadError, PORTAL_LINK_CLASS } from '#web/features/service-portal/portal-layout';
import { useStaffMe } from '#web/features/service-portal/use-staff-session';
import { borrowerCallsQuery, markCallOutcome, todaysCallsQuery } from './api';
import { LANGUAGE_NAMES } from './counsellor-preferences';
import { agencyDayOf, formatAgencyDateTime, formatAgencyTime, formatDayHeading } from './format';

// Counselling calls in the service portal: today's on the summary page, a borrower's on their summary, and the
// counsellor marking one completed or missed (logging the contact attempt in the same step).

const STATE_BADGE: Record<CallState, string> = {
  booked: 'bg-sky-50 text-sky-800 ring-sky-200',
  rescheduled: 'bg-indigo-50 text-indigo-800 ring-indigo-200',
  cancelled: 'bg-gray-100 text-gray-700 ring-gray-300',
  completed: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  missed: 'bg-amber-50 text-amber-900 ring-amber-300',
  awaitingNewTime: 'bg-violet-50 text-violet-800 ring-violet-200',
};

export function CallStateBadge({ state }: { state: CallState }) {
  return (
    <span
      className={clsx(
        'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset',
        STATE_BADGE[state],
      )}
    >
      {CALL_STATE_LABELS[state]}
    </span>
  );
}

const languageName = (language: string) => LANGUAGE_NAMES[language as 'en' | 'es'] ?? language;

const BUTTON =
  'inline-flex min-h-11 items-center justify-center rounded-lg border border-gray-300 px-4 font-medium text-gray-800 hover:bg-gray-100 disabled:opacity-60';
const PRIMARY =
  'inline-flex min-h-11 items-center justify-center rounded-lg bg-brand-700 px-5 font-semibold text-white hover:bg-brand-800 disabled:opacity-60';
const INPUT =
  'min-h-11 w-full rounded-md border border-gray-400 bg-white px-3 text-gray-900 focus:border-brand-600 focus:ring-2 focus:ring-brand-600';

/** The form under a call: completed or missed, and the contact attempt to log with it. */
function OutcomeForm({ call, onDone }: { call: StaffCallView; onDone: () => void }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [outcome, setOutcome] = useState<string>('');
  const [logAttempt, setLogAttempt] = useState(call.applicationId !== null);
  const [contactOutcome, setContactOutcome] = useState<string>('');
  const [notes, setNotes] = useState('');
  const [offer, setOffer] = useState<string>('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const mark = useMutation({
    mutationFn: (body: Parameters<typeof markCallOutcome>[1]) =>
      markCallOutcome(call.id, body, idempotencyKey),
    onSuccess: async () => {
      // The call, the borrower's contact history and the lists all changed.
      await queryClient.invalidateQueries({ queryKey: staffKeys.all() });
      onDone();
    },
    onError: (error) => {
      if (error instanceof ApiError) setErrors({ ...error.fieldErrors, form: error.message });
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = {
      outcome,
      ...(logAttempt
        ? {
            contactAttempt: {
              method: 'phone',
              outcome: contactOutcome,
              notes: notes.trim() || undefined,
              didTheBorrowerReceiveAnOffer:
                contactOutcome === 'reached' ? (offer === '' ? undefined : offer === 'yes') : null,
            },
          }
        : {}),
    };
    const parsed = callOutcomeSchema.safeParse(body);
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) found[issue.path.map(String).join('.')] ??= issue.message;
      setErrors(found);
      return;
    }
    setErrors({});
    mark.mutate(parsed.data);
  };

  const err = (key: string) => errors[key];
  const described = (key: string) => (err(key) ? `${id}-${key}-error` : undefined);
  const errorText = (key: string) =>
    err(key) ? (
      <p id={`${id}-${key}-error`} className="mt-1 text-sm text-red-700">
        {err(key)}
      </p>
    ) : null;

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={`Outcome of the call with ${call.name}`}
      className="mt-3 space-y-4 rounded-lg border border-gray-200 bg-gray-50 p-4"
    >
      {errors.form && (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
          {errors.form}
        </p>
      )}
      <fieldset aria-describedby={described('outcome')}>
        <legend className="font-medium text-gray-900">How did the call go?</legend>
        <div className="mt-1 flex flex-wrap gap-x-6">
          {CALL_OUTCOMES.map((value) => (
            <label key={value} className="flex min-h-11 items-center gap-2 text-gray-800">
              <input
                type="radio"
                name={`${id}-outcome`}
                value={value}
                checked={outcome === value}
                onChange={() => {
                  setErrors({});
                  setOutcome(value);
                  if (!contactOutcome) setContactOutcome(value === 'completed' ? 'reached' : 'noAnswer');
                }}
                className="size-5 accent-brand-600"
              />
              {CALL_OUTCOME_LABELS[value]}
            </label>
          ))}
        </div>
        {errorText('outcome')}
      </fieldset>

      {call.applicationId === null ? (
        <p className="text-sm text-gray-700">{CONTACT_ATTEMPT_NEEDS_APPLICATION}</p>
      ) : (
        <label className="flex min-h-11 items-center gap-2 text-gray-800">
          <input
            type="checkbox"
            checked={logAttempt}
            onChange={(event) => {
              setErrors({});
              setLogAttempt(event.target.checked);
            }}
            className="size-5 accent-brand-600"
          />
          Also log it as a contact attempt (phone)
        </label>
      )}

      {logAttempt && call.applicationId !== null && (
        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            <label htmlFor={`${id}-contact-outcome`} className="text-sm font-medium text-gray-700">
              Contact outcome
            </label>
            <select
              id={`${id}-contact-outcome`}
              className={INPUT}
              value={contactOutcome}
              aria-invalid={err('contactAttempt.outcome') ? true : undefined}
              aria-describedby={described('contactAttempt.outcome')}
              onChange={(event) => {
                setErrors({});
                setContactOutcome(event.target.value);
              }}
            >
              <option value="">Choose...</option>
              {CONTACT_OUTCOMES.map((value) => (
                <option key={value} value={value}>
                  {CONTACT_OUTCOME_LABELS[value]}
                </option>
              ))}
            </select>
            {errorText('contactAttempt.outcome')}
          </div>
          {contactOutcome === 'reached' && (
            <fieldset aria-describedby={described('contactAttempt.didTheBorrowerReceiveAnOffer')}>
              <legend className="text-sm font-medium text-gray-700">
                Did the borrower receive an offer?
              </legend>
              <div className="flex gap-x-6">
                {(['yes', 'no'] as const).map((value) => (
                  <label key={value} className="flex min-h-11 items-center gap-2 text-gray-800">
                    <input
                      type="radio"
                      name={`${id}-offer`}
                      value={value}
                      checked={offer === value}
                      onChange={() => {
                        setErrors({});
                        setOffer(value);
                      }}
                      className="size-5 accent-brand-600"
                    />
                    {value === 'yes' ? 'Yes' : 'No'}
                  </label>
                ))}
              </div>
              {errorText('contactAttempt.didTheBorrowerReceiveAnOffer')}
            </fieldset>
          )}
          <div className="sm:col-span-2">
            <label htmlFor={`${id}-notes`} className="text-sm font-medium text-gray-700">
              Notes (optional)
            </label>
            <textarea
              id={`${id}-notes`}
              rows={3}
              className={clsx(INPUT, 'py-2')}
              value={notes}
              aria-invalid={err('contactAttempt.notes') ? true : undefined}
              aria-describedby={described('contactAttempt.notes')}
              onChange={(event) => setNotes(event.target.value)}
            />
            {errorText('contactAttempt.notes')}
          </div>
        </div>
      )}
      <div className="flex flex-wrap gap-3">
        <button type="submit" className={PRIMARY} disabled={mark.isPending}>
          {mark.isPending ? 'Saving...' : 'Save outcome'}
        </button>
        <button type="button" className={BUTTON} onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}

function CallItem({
  call,
  timeZone,
  meId,
  withDate,
}: {
  call: StaffCallView;
  timeZone: string;
  meId: string;
  withDate: boolean;
}) {
  const [open, setOpen] = useState(false);
  const time = withDate
    ? formatAgencyDateTime(call.startsAt, timeZone)
    : formatAgencyTime(call.startsAt, timeZone);
  return (
    <li className="rounded-lg border border-gray-200 p-3">
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <div className="min-w-0 space-y-1">
          <p className="flex flex-wrap items-center gap-2">
            <span className="font-semibold text-gray-900 tabular-nums">{time}</span>
            <CallStateBadge state={call.state} />
          </p>
          <p className="text-gray-900">
            {call.applicationId ? (
              <Link
                to={`/borrower-summary?id=${encodeURIComponent(call.applicationId)}`}
                className={clsx(PORTAL_LINK_CLASS, 'font-medium')}
              >
                {call.name}
              </Link>
            ) : (
              <span className="font-medium">{call.name}</span>
            )}
            {!call.applicationId && <span className="text-sm text-gray-600"> (visitor)</span>}
          </p>
          <p className="text-sm text-gray-700">
            <span className="sr-only">Phone </span>
            <span className="tabular-nums">{call.phoneNumber}</span> · {languageName(call.language)} ·{' '}
            {/* A call Cal.com gave to a host who is not a staff member here has no counsellor. */}
            {call.counsellor.id ? <>with {call.counsellor.name}</> : 'a Cal.com host not on staff'}
            {call.counsellor.id === meId && <span className="font-semibold"> (You)</span>}
          </p>
          {call.outcomeRecordedAt && (
            <p className="text-sm text-gray-600">
              Marked by {call.outcomeRecordedBy} on {formatAgencyDateTime(call.outcomeRecordedAt, timeZone)}
            </p>
          )}
        </div>
        {call.markable && !open && (
          <button type="button" className={BUTTON} onClick={() => setOpen(true)}>
            Mark outcome<span className="sr-only"> of the call with {call.name}</span>
          </button>
        )}
      </div>
      {open && <OutcomeForm call={call} onDone={() => setOpen(false)} />}
    </li>
  );
}

const SCOPE_LABELS: Record<CallScope, string> = { mine: 'My calls', all: 'All calls' };
const PERIOD_LABELS: Record<CallPeriod, string> = { day: 'Today', week: 'This week' };

/** A toggle of two or three choices, as buttons that say which is on. */
function Toggle<T extends string>(o: {
  label: string;
  value: T;
  options: readonly T[];
  labels: Record<T, string>;
  onChange: (next: T) => void;
}) {
  return (
    <div role="group" aria-label={o.label} className="flex gap-2">
      {o.options.map((option) => (
        <button
          key={option}
          type="button"
          aria-pressed={o.value === option}
          onClick={() => o.onChange(option)}
          className={clsx(
            'min-h-11 rounded-lg border px-4 font-medium',
            o.value === option
              ? 'border-brand-700 bg-brand-700 text-white'
              : 'border-gray-300 text-gray-800 hover:bg-gray-100',
          )}
        >
          {o.labels[option]}
        </button>
      ))}
    </div>
  );
}

/** The calls grouped under the agency day each starts on, in order. */
function byDay(calls: readonly StaffCallView[], timeZone: string) {
  const days = new Map<string, StaffCallView[]>();
  for (const call of calls) {
    const day = agencyDayOf(call.startsAt, timeZone);
    days.set(day, [...(days.get(day) ?? []), call]);
  }
  return [...days];
}

/**
 * The summary page's box: today's calls, or the week's upcoming ones ('?period=week'), the counsellor's own by
 * default ('?calls=all' for everyone's). Calls booked without an account are listed as visitors.
 */
export function TodaysCalls() {
  const me = useStaffMe();
  const [searchParams, setSearchParams] = useSearchParams();
  const scope: CallScope = searchParams.get('calls') === 'all' ? 'all' : 'mine';
  const period: CallPeriod = searchParams.get('period') === 'week' ? 'week' : 'day';
  const calls = useQuery(todaysCallsQuery(scope, period));
  const setParam = (name: string, value: string | null) => {
    const params = new URLSearchParams(searchParams);
    if (value === null) params.delete(name);
    else params.set(name, value);
    setSearchParams(params, { replace: true });
  };
  const week = period === 'week';
  const heading = week ? 'Upcoming calls this week' : "Today's calls";
  const empty = week
    ? scope === 'mine'
      ? 'You have no calls in the next seven days.'
      : 'No calls in the next seven days.'
    : scope === 'mine'
      ? 'You have no calls today.'
      : 'No calls today.';
  return (
    <section aria-labelledby="todays-calls-heading" className="mb-6 rounded-lg border border-gray-200 p-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="todays-calls-heading" className="text-lg font-semibold text-gray-900">
          {heading}
          {calls.data && (
            <span className="block text-sm font-normal text-gray-600">
              {week
                ? `${formatDayHeading(calls.data.day)} to ${formatDayHeading(calls.data.lastDay)}`
                : formatDayHeading(calls.data.day)}
            </span>
          )}
        </h2>
        <div className="flex flex-wrap gap-3">
          <Toggle
            label="Which days"
            value={period}
            options={['day', 'week'] as const}
            labels={PERIOD_LABELS}
            onChange={(next) => setParam('period', next === 'day' ? null : next)}
          />
          <Toggle
            label="Whose calls"
            value={scope}
            options={['mine', 'all'] as const}
            labels={SCOPE_LABELS}
            onChange={(next) => setParam('calls', next === 'mine' ? null : next)}
          />
        </div>
      </div>
      <div className="mt-3">
        {calls.isPending ? (
          <p role="status" className="text-gray-700">
            Loading calls...
          </p>
        ) : calls.isError ? (
          <LoadError
            message="The calls could not be loaded. Please try again."
            onRetry={() => void calls.refetch()}
          />
        ) : calls.data.calls.length === 0 ? (
          <p className="rounded-md bg-gray-50 px-3 py-3 text-gray-700">{empty}</p>
        ) : (
          <>
            {week ? (
              <div className="space-y-4">
                {byDay(calls.data.calls, calls.data.timeZone).map(([day, dayCalls]) => (
                  <section key={day} aria-label={formatDayHeading(day)}>
                    <h3 className="mb-2 font-semibold text-gray-800">{formatDayHeading(day)}</h3>
                    <ul
                      className="space-y-3"
                      aria-label={`${SCOPE_LABELS[scope]} on ${formatDayHeading(day)}`}
                    >
                      {dayCalls.map((call) => (
                        <CallItem
                          key={call.id}
                          call={call}
                          timeZone={calls.data.timeZone}
                          meId={me.id}
                          withDate={false}
                        />
                      ))}
                    </ul>
                  </section>
                ))}
              </div>
            ) : (
              <ul className="space-y-3" aria-label={`${SCOPE_LABELS[scope]} today`}>
                {calls.data.calls.map((call) => (
                  <CallItem
                    key={call.id}
                    call={call}
                    timeZone={calls.data.timeZone}
                    meId={me.id}
                    withDate={false}
                  />
                ))}
              </ul>
            )}
            {calls.data.truncated && (
              <p className="mt-2 text-sm text-amber-900">
                Showing the first {calls.data.calls.length} calls.
              </p>
            )}
          </>
        )}
      </div>
    </section>
  );
}

/** The borrower summary's box: the calls the borrower booked, newest first, with their states. */
export function BorrowerCalls({ applicationId }: { applicationId: string }) {
  const me = useStaffMe();
  const calls = useQuery(borrowerCallsQuery(applicationId));
  return (
    <section aria-labelledby="borrower-calls-heading" className="rounded-lg border border-gray-200 p-4">
      <h2 id="borrower-calls-heading" className="text-lg font-semibold text-gray-900">
        Counselling calls
      </h2>
      <div className="mt-3">
        {calls.isPending ? (
          <p role="status" className="text-gray-700">
            Loading calls...
          </p>
        ) : calls.isError ? (
          <LoadError
            message="The borrower's calls could not be loaded. Please try again."
            onRetry={() => void calls.refetch()}
          />
        ) : calls.data.calls.length === 0 ? (
          <p className="text-gray-700">The borrower has not booked a call.</p>
        ) : (
          <ul className="space-y-3" aria-label="Calls booked by the borrower">
            {calls.data.calls.map((call) => (
              <CallItem key={call.id} call={call} timeZone={calls.data.timeZone} meId={me.id} withDate />
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
