import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { agencyDayOffSchema, type AgencyDaysOffView } from '#domain/validation/counselling-staff';
import { ApiError } from '#web/lib/api';
import { LoadError, PortalPage } from '#web/features/service-portal/portal-layout';
import { addAgencyDayOff, agencyDaysOffQuery, counsellingKeys, removeAgencyDayOff } from './api';
import { formatDayHeading } from './format';

// /agency-days-off: the days the whole agency is closed, when the booking page offers no counselling call.
// The bank holidays are known by rule and listed for reference; supervisors add the agency's own days (a
// training day, Christmas Eve) and remove them. Every staff member reads the page.

const INPUT =
  'min-h-11 w-full rounded-md border border-gray-400 bg-white px-3 text-gray-900 focus:border-brand-600 focus:ring-2 focus:ring-brand-600';
const PRIMARY =
  'inline-flex min-h-11 items-center justify-center rounded-lg bg-brand-700 px-5 font-semibold text-white hover:bg-brand-800 disabled:opacity-60';
const BUTTON =
  'inline-flex min-h-11 items-center justify-center rounded-lg border border-gray-300 px-4 font-medium text-gray-800 hover:bg-gray-100 disabled:opacity-60';
const BOX = 'rounded-2xl border border-gray-200 bg-white shadow-sm';
const BOX_HEADING = 'border-b border-gray-200 px-5 py-3 text-lg font-semibold text-gray-900';

function AddDayOff() {
  const id = useId();
  const queryClient = useQueryClient();
  const [day, setDay] = useState('');
  const [name, setName] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const add = useMutation({
    mutationFn: addAgencyDayOff,
    onSuccess: async () => {
      setDay('');
      setName('');
      setErrors({});
      await queryClient.invalidateQueries({ queryKey: counsellingKeys.daysOff() });
    },
    onError: (error) => {
      if (error instanceof ApiError) setErrors({ ...error.fieldErrors, form: error.message });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = agencyDayOffSchema.safeParse({ day, name: name.trim() });
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) found[issue.path.map(String).join('.')] ??= issue.message;
      setErrors(found);
      return;
    }
    add.mutate(parsed.data);
  };
  const errorOf = (key: string) =>
    errors[key] ? (
      <p id={`${id}-${key}-error`} className="mt-1 text-sm text-red-700">
        {errors[key]}
      </p>
    ) : null;
  return (
    <form onSubmit={submit} noValidate aria-label="Add a day off" className="space-y-4">
      {errors.form && (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
          {errors.form}
        </p>
      )}
      <div className="grid gap-4 sm:grid-cols-[12rem_1fr_auto] sm:items-start">
        <div>
          <label htmlFor={`${id}-day`} className="block font-medium text-gray-900">
            Day
          </label>
          <input
            id={`${id}-day`}
            type="date"
            value={day}
            onChange={(e) => setDay(e.target.value)}
            aria-invalid={errors.day ? true : undefined}
            aria-describedby={errors.day ? `${id}-day-error` : undefined}
            className={`mt-1 ${INPUT}`}
          />
          {errorOf('day')}
        </div>
        <div>
          <label htmlFor={`${id}-name`} className="block font-medium text-gray-900">
            Name
          </label>
          <input
            id={`${id}-name`}
            type="text"
            maxLength={80}
            value={name}
            placeholder="Christmas Eve"
            onChange={(e) => setName(e.target.value)}
            aria-invalid={errors.name ? true : undefined}
            aria-describedby={errors.name ? `${id}-name-error` : undefined}
            className={`mt-1 ${INPUT}`}
          />
          {errorOf('name')}
        </div>
        <button type="submit" disabled={add.isPending} className={`${PRIMARY} sm:mt-7`}>
          Add day off
        </button>
      </div>
    </form>
  );
}

function DaysOffList({ view }: { view: AgencyDaysOffView }) {
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  const remove = useMutation({
    mutationFn: removeAgencyDayOff,
    onSuccess: async () => {
      setFailure(null);
      await queryClient.invalidateQueries({ queryKey: counsellingKeys.daysOff() });
    },
    onError: (error) =>
      setFailure(error instanceof ApiError ? error.message : 'The day could not be removed.'),
  });
  if (view.daysOff.length === 0)
    return <p className="text-gray-700">No days off added. The agency follows the holidays below.</p>;
  return (
    <>
      {failure && (
        <p role="alert" className="mb-3 rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
          {failure}
        </p>
      )}
      <ul className="divide-y divide-gray-200" aria-label="Days off added">
        {view.daysOff.map((d) => (
          <li key={d.day} className="flex flex-wrap items-center justify-between gap-3 py-3">
            <div className="min-w-0">
              <p className="font-medium text-gray-900">{formatDayHeading(d.day)}</p>
              <p className="break-words text-gray-700">{d.name}</p>
            </div>
            {view.canEdit && (
              <button
                type="button"
                className={BUTTON}
                disabled={remove.isPending}
                onClick={() => remove.mutate(d.day)}
                aria-label={`Remove ${formatDayHeading(d.day)} (${d.name})`}
              >
                Remove
              </button>
            )}
          </li>
        ))}
      </ul>
    </>
  );
}

export function Component() {
  const view = useQuery(agencyDaysOffQuery());
  return (
    <PortalPage title="Agency days off">
      <div className="space-y-6">
        <p className="max-w-prose text-gray-700">
          No counselling call is offered on these days, whoever works that weekday. Calls already booked on a
          day added here are kept: move or cancel them with the borrower.
        </p>
        {view.isPending ? (
          <p role="status" className="text-gray-700">
            Loading the days off...
          </p>
        ) : view.isError ? (
          <LoadError
            message="The days off could not be loaded. Please try again."
            onRetry={() => void view.refetch()}
          />
        ) : (
          <>
            <section aria-labelledby="days-off-heading" className={BOX}>
              <h2 id="days-off-heading" className={BOX_HEADING}>
                Days off
              </h2>
              <div className="space-y-6 p-5">
                {view.data.canEdit ? (
                  <AddDayOff />
                ) : (
                  <p className="text-sm text-gray-700">Only supervisors can add or remove days off.</p>
                )}
                <DaysOffList view={view.data} />
              </div>
            </section>
            <section aria-labelledby="holidays-heading" className={BOX}>
              <h2 id="holidays-heading" className={BOX_HEADING}>
                Holidays (every year)
              </h2>
              <ul className="divide-y divide-gray-200 px-5" aria-label="Holidays in the coming year">
                {view.data.holidays.map((h) => (
                  <li key={h.day} className="flex flex-wrap justify-between gap-x-4 py-3">
                    <span className="font-medium text-gray-900">{formatDayHeading(h.day)}</span>
                    <span className="text-gray-700">{h.name}</span>
                  </li>
                ))}
              </ul>
            </section>
          </>
        )}
      </div>
    </PortalPage>
  );
}
