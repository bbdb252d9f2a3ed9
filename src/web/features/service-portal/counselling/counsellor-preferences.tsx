import { TZDate } from '@date-fns/tz';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { CALL_LANGUAGES, type CallLanguage } from '#domain/counselling/calls';
import {
  counsellorAvailabilitySchema,
  MAX_WEEKLY_HOURS_ROWS,
  timeOffSchema,
  type CounsellorAvailabilityView,
} from '#domain/validation/counselling';
import { ApiError } from '#web/lib/api';
import { Link } from 'react-router';
import { LoadError, PORTAL_LINK_CLASS } from '#web/features/service-portal/portal-layout';
import { addTimeOff, availabilityQuery, counsellingKeys, removeTimeOff, saveAvailability } from './api';
import { formatAgencyDateTime } from './format';

// The counsellor's part of Preferences: the languages they take calls in, their weekly hours (agency time) and
// their time off. Saving hours replaces them whole; time off is added and removed one entry at a time.

export const WEEKDAYS = [
  [1, 'Monday'],
  [2, 'Tuesday'],
  [3, 'Wednesday'],
  [4, 'Thursday'],
  [5, 'Friday'],
  [6, 'Saturday'],
  [7, 'Sunday'],
] as const;

export const LANGUAGE_NAMES: Record<CallLanguage, string> = { en: 'English', es: 'Spanish' };

type Row = { key: string; weekday: number; start: string; end: string };
type Errors = Record<string, string>;

const INPUT =
  'min-h-11 w-full rounded-md border border-gray-400 bg-white px-3 text-gray-900 focus:border-brand-600 focus:ring-2 focus:ring-brand-600 aria-invalid:border-red-700';
const BUTTON =
  'inline-flex min-h-11 items-center justify-center rounded-lg border border-gray-300 px-4 font-medium text-gray-800 hover:bg-gray-100 disabled:opacity-60';
const PRIMARY =
  'inline-flex min-h-11 items-center justify-center rounded-lg bg-brand-700 px-5 font-semibold text-white hover:bg-brand-800 disabled:opacity-60';

let rowCounter = 0;
const rowKey = () => `row-${++rowCounter}`;

/** The first message per field, keyed as the server keys them ('weeklyHours.0.end'). */
function errorsOf(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Errors {
  const errors: Errors = {};
  for (const issue of issues) errors[issue.path.map(String).join('.') || 'form'] ??= issue.message;
  return errors;
}

function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} className="mt-1 text-sm text-red-700">
      {message}
    </p>
  );
}

/** 'yyyy-MM-ddTHH:mm' typed as agency time, as the instant it names. */
function agencyInstant(local: string, timeZone: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local);
  if (!m) return null;
  const [, y, mo, d, h, mi] = m.map(Number) as [number, number, number, number, number, number];
  const at = new TZDate(y, mo - 1, d, h, mi, 0, 0, timeZone);
  return Number.isNaN(at.getTime()) ? null : new Date(at.getTime()).toISOString();
}

function HoursForm({ view }: { view: CounsellorAvailabilityView }) {
  const queryClient = useQueryClient();
  const id = useId();
  const [languages, setLanguages] = useState<string[]>(view.languages);
  const [rows, setRows] = useState<Row[]>(() => view.weeklyHours.map((h) => ({ key: rowKey(), ...h })));
  const [errors, setErrors] = useState<Errors>({});
  const [saved, setSaved] = useState(false);
  const save = useMutation({
    mutationFn: saveAvailability,
    onSuccess: (next) => {
      queryClient.setQueryData(counsellingKeys.availability(), next);
      setRows(next.weeklyHours.map((h) => ({ key: rowKey(), ...h })));
      setSaved(true);
    },
    onError: (error) => {
      if (error instanceof ApiError) setErrors({ ...error.fieldErrors, form: error.message });
    },
  });

  const update = (key: string, patch: Partial<Row>) => {
    setSaved(false);
    setRows((current) => current.map((r) => (r.key === key ? { ...r, ...patch } : r)));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    const body = {
      languages: CALL_LANGUAGES.filter((l) => languages.includes(l)),
      weeklyHours: rows.map(({ weekday, start, end }) => ({ weekday, start, end })),
    };
    const parsed = counsellorAvailabilitySchema.safeParse(body);
    if (!parsed.success) {
      const found = errorsOf(parsed.error.issues);
      setErrors({ ...found, form: 'Please correct the fields marked below.' });
      return;
    }
    setErrors({});
    save.mutate(parsed.data);
  };

  const langError = errors.languages;
  return (
    <form onSubmit={submit} noValidate aria-labelledby={`${id}-hours`} className="space-y-5">
      <h3 id={`${id}-hours`} className="sr-only">
        Languages and weekly hours
      </h3>
      {errors.form && (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
          {errors.form}
        </p>
      )}
      <fieldset aria-describedby={langError ? `${id}-lang-error` : undefined}>
        <legend className="text-base font-medium text-gray-900">Languages I take calls in</legend>
        <div className="mt-2 flex flex-wrap gap-x-6">
          {CALL_LANGUAGES.map((language) => (
            <label key={language} className="flex min-h-11 items-center gap-2 text-gray-800">
              <input
                type="checkbox"
                className="size-5 accent-brand-600"
                checked={languages.includes(language)}
                aria-invalid={langError ? true : undefined}
                onChange={(event) => {
                  setSaved(false);
                  setLanguages((current) =>
                    event.target.checked ? [...current, language] : current.filter((l) => l !== language),
                  );
                }}
              />
              {LANGUAGE_NAMES[language]}
            </label>
          ))}
        </div>
        <FieldError id={`${id}-lang-error`} message={langError} />
      </fieldset>

      <fieldset>
        <legend className="text-base font-medium text-gray-900">Weekly hours</legend>
        <p className="mt-1 text-sm text-gray-600">In the agency&apos;s time zone ({view.timeZone}).</p>
        {rows.length === 0 ? (
          <p className="mt-3 rounded-md bg-gray-50 px-3 py-3 text-sm text-gray-700">
            No hours yet: borrowers cannot book a call with you until you add some.
          </p>
        ) : (
          <ul className="mt-3 space-y-3">
            {rows.map((row, index) => {
              const n = index + 1;
              const e = (field: string) => errors[`weeklyHours.${index}.${field}`];
              return (
                <li
                  key={row.key}
                  className="grid grid-cols-2 items-start gap-3 rounded-lg border border-gray-200 p-3 sm:grid-cols-[1fr_8rem_8rem_auto]"
                >
                  <div className="col-span-2 sm:col-span-1">
                    <label htmlFor={`${id}-${row.key}-day`} className="text-sm font-medium text-gray-700">
                      Day <span className="sr-only">of row {n}</span>
                    </label>
                    <select
                      id={`${id}-${row.key}-day`}
                      className={INPUT}
                      value={row.weekday}
                      aria-invalid={e('weekday') ? true : undefined}
                      aria-describedby={e('weekday') ? `${id}-${row.key}-day-error` : undefined}
                      onChange={(event) => update(row.key, { weekday: Number(event.target.value) })}
                    >
                      {WEEKDAYS.map(([value, name]) => (
                        <option key={value} value={value}>
                          {name}
                        </option>
                      ))}
                    </select>
                    <FieldError id={`${id}-${row.key}-day-error`} message={e('weekday')} />
                  </div>
                  {(['start', 'end'] as const).map((field) => (
                    <div key={field}>
                      <label
                        htmlFor={`${id}-${row.key}-${field}`}
                        className="text-sm font-medium text-gray-700"
                      >
                        {field === 'start' ? 'Start' : 'End'} <span className="sr-only">of row {n}</span>
                      </label>
                      <input
                        id={`${id}-${row.key}-${field}`}
                        type="time"
                        className={INPUT}
                        value={row[field]}
                        aria-invalid={e(field) ? true : undefined}
                        aria-describedby={e(field) ? `${id}-${row.key}-${field}-error` : undefined}
                        onChange={(event) => update(row.key, { [field]: event.target.value })}
                      />
                      <FieldError id={`${id}-${row.key}-${field}-error`} message={e(field)} />
                    </div>
                  ))}
                  <div className="col-span-2 sm:col-span-1 sm:pt-6">
                    <button
                      type="button"
                      className={BUTTON}
                      onClick={() => {
                        setSaved(false);
                        setErrors({});
                        setRows((current) => current.filter((r) => r.key !== row.key));
                      }}
                    >
                      Remove<span className="sr-only"> hours of row {n}</span>
                    </button>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
        <button
          type="button"
          className={`${BUTTON} mt-3`}
          disabled={rows.length >= MAX_WEEKLY_HOURS_ROWS}
          onClick={() => {
            setSaved(false);
            const last = rows.at(-1);
            setRows((current) => [
              ...current,
              { key: rowKey(), weekday: last ? (last.weekday % 7) + 1 : 1, start: '09:00', end: '17:00' },
            ]);
          }}
        >
          Add hours
        </button>
      </fieldset>
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" className={PRIMARY} disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save hours'}
        </button>
        <p role="status" className="text-sm text-emerald-800">
          {saved ? 'Your languages and hours are saved.' : ''}
        </p>
      </div>
    </form>
  );
}

function TimeOff({ view }: { view: CounsellorAvailabilityView }) {
  const queryClient = useQueryClient();
  const id = useId();
  const [startsAt, setStartsAt] = useState('');
  const [endsAt, setEndsAt] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [status, setStatus] = useState('');
  const refresh = () => queryClient.invalidateQueries({ queryKey: counsellingKeys.availability() });
  const add = useMutation({
    mutationFn: addTimeOff,
    onSuccess: async () => {
      setStartsAt('');
      setEndsAt('');
      setStatus('Time off added.');
      await refresh();
    },
    onError: (error) => {
      if (error instanceof ApiError) setErrors({ ...error.fieldErrors, form: error.message });
    },
  });
  const remove = useMutation({
    mutationFn: removeTimeOff,
    onSuccess: async () => {
      setStatus('Time off removed.');
      await refresh();
    },
    onError: (error) => setErrors({ form: error.message }),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setStatus('');
    const body = {
      startsAt: agencyInstant(startsAt, view.timeZone) ?? startsAt,
      endsAt: agencyInstant(endsAt, view.timeZone) ?? endsAt,
    };
    const parsed = timeOffSchema.safeParse(body);
    if (!parsed.success) {
      setErrors(errorsOf(parsed.error.issues));
      return;
    }
    setErrors({});
    add.mutate(body);
  };

  return (
    <div className="space-y-4">
      <h3 className="text-base font-medium text-gray-900">Time off</h3>
      {view.timeOff.length === 0 ? (
        <p className="text-sm text-gray-700">No time off planned.</p>
      ) : (
        <ul className="divide-y divide-gray-200 rounded-lg border border-gray-200">
          {view.timeOff.map((entry) => {
            const text = `${formatAgencyDateTime(entry.startsAt, view.timeZone)} to ${formatAgencyDateTime(entry.endsAt, view.timeZone)}`;
            return (
              <li key={entry.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2">
                <span className="text-sm text-gray-900">{text}</span>
                <button
                  type="button"
                  className={BUTTON}
                  disabled={remove.isPending}
                  onClick={() => {
                    setStatus('');
                    remove.mutate(entry.id);
                  }}
                >
                  Remove<span className="sr-only"> time off {text}</span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <form onSubmit={submit} noValidate className="space-y-3" aria-label="Add time off">
        {errors.form && (
          <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
            {errors.form}
          </p>
        )}
        <div className="grid gap-3 sm:grid-cols-2">
          {(
            [
              ['startsAt', 'Starts at', startsAt, setStartsAt],
              ['endsAt', 'Ends at', endsAt, setEndsAt],
            ] as const
          ).map(([name, label, value, set]) => (
            <div key={name}>
              <label htmlFor={`${id}-${name}`} className="text-sm font-medium text-gray-700">
                {label}
              </label>
              <input
                id={`${id}-${name}`}
                type="datetime-local"
                className={INPUT}
                value={value}
                aria-invalid={errors[name] ? true : undefined}
                aria-describedby={errors[name] ? `${id}-${name}-error` : undefined}
                onChange={(event) => set(event.target.value)}
              />
              <FieldError id={`${id}-${name}-error`} message={errors[name]} />
            </div>
          ))}
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <button type="submit" className={BUTTON} disabled={add.isPending}>
            {add.isPending ? 'Adding...' : 'Add time off'}
          </button>
          <p role="status" className="text-sm text-emerald-800">
            {status}
          </p>
        </div>
      </form>
    </div>
  );
}

/** The Preferences page's counselling box. */
export function CounsellorPreferences() {
  const availability = useQuery(availabilityQuery());
  return (
    <section
      aria-labelledby="counselling-heading"
      className="rounded-2xl border border-gray-200 bg-white shadow-sm"
    >
      <h2
        id="counselling-heading"
        className="border-b border-gray-200 px-5 py-3 text-lg font-semibold text-gray-900"
      >
        Counselling calls
      </h2>
      <div className="space-y-8 p-5">
        {availability.isPending ? (
          <p role="status" className="text-gray-700">
            Loading your hours...
          </p>
        ) : availability.isError ? (
          <LoadError
            message="Your counselling hours could not be loaded. Please try again."
            onRetry={() => void availability.refetch()}
          />
        ) : (
          <>
            {/* The form starts from the saved hours once: a refetch does not wipe what is being typed. */}
            <HoursForm view={availability.data} />
            {availability.data.languages.length > 0 ? (
              <TimeOff view={availability.data} />
            ) : (
              <p className="text-sm text-gray-700">Save your languages and hours to add time off.</p>
            )}
            <p className="text-gray-700">
              Days the whole agency is closed:{' '}
              <Link to="/agency-days-off" className={PORTAL_LINK_CLASS}>
                Agency days off
              </Link>
            </p>
          </>
        )}
      </div>
    </section>
  );
}
