import { useQuery } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { useEffect, useId, useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { CallLanguage } from '#domain/counselling/calls';
import { SITE } from '#domain/site';
import { LoadFailure } from '#web/components/ui/load-failure';
import { ERROR_CLASS } from '#web/components/ui/form/styles';
import { slotsQuery } from './api';

type Slot = { startsAt: string; localDay: string };

/** The slots grouped by their day in the chosen zone, days in order. */
export function slotsByDay(slots: readonly Slot[]): { day: string; slots: Slot[] }[] {
  const days = new Map<string, Slot[]>();
  for (const slot of slots) days.set(slot.localDay, [...(days.get(slot.localDay) ?? []), slot]);
  return [...days].map(([day, list]) => ({ day, slots: list }));
}

const TILE =
  'flex min-h-11 cursor-pointer items-center justify-center rounded-lg border px-3 py-2 text-center text-sm font-medium ' +
  'focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-brand-700';

/**
 * The open days and times, in the borrower's time zone: a day first, then one of its times (native radios, so
 * arrow keys move between them). `value` is the chosen slot's start (an ISO instant).
 */
export function SlotPicker({
  timeZone,
  language,
  value,
  onChange,
  error,
  exclude,
}: {
  timeZone: string;
  language: CallLanguage;
  value: string;
  onChange: (startsAt: string) => void;
  error?: string;
  /** A start not to offer (the call's own time when moving it). */
  exclude?: string;
}) {
  const intl = useIntl();
  const id = useId();
  const query = useQuery(slotsQuery(timeZone, language));
  const days = useMemo(
    () => slotsByDay((query.data?.slots ?? []).filter((slot) => slot.startsAt !== exclude)),
    [query.data, exclude],
  );
  const [day, setDay] = useState<string | null>(null);
  const chosenDay =
    days.find((d) => d.day === day) ?? days.find((d) => d.slots.some((s) => s.startsAt === value));
  const shownDay = chosenDay ?? days[0];

  // A chosen time that the new list no longer has (another zone or language, or taken) is forgotten.
  useEffect(() => {
    if (value && query.data && !query.data.slots.some((slot) => slot.startsAt === value)) onChange('');
  }, [query.data, value, onChange]);

  if (query.isPending) {
    return (
      <p role="status" className="text-gray-700">
        <FormattedMessage id="counselling.slots.loading" defaultMessage="Loading the open times..." />
      </p>
    );
  }
  if (query.isError) return <LoadFailure error={query.error} onRetry={() => void query.refetch()} />;
  if (days.length === 0) {
    return (
      <p className="rounded-lg bg-gray-50 p-4 text-gray-800">
        <FormattedMessage
          id="counselling.slots.none"
          defaultMessage="There are no open times in the next four weeks. Please call us at {phone}."
          values={{
            phone: (
              <a href={`tel:${SITE.phone.tel}`} className="font-semibold text-brand-700 underline">
                {SITE.phone.display}
              </a>
            ),
          }}
        />
      </p>
    );
  }

  const dayLabel = (startsAt: string) =>
    intl.formatDate(startsAt, { timeZone, weekday: 'short', month: 'short', day: 'numeric' });
  const dayInWords = (startsAt: string) =>
    intl.formatDate(startsAt, { timeZone, weekday: 'long', month: 'long', day: 'numeric' });

  return (
    <div className="space-y-5">
      <fieldset>
        <legend className="text-base font-medium text-gray-900">
          <FormattedMessage id="counselling.slots.day" defaultMessage="Day" />
        </legend>
        <div className="mt-2 grid grid-cols-3 gap-2 sm:grid-cols-5 lg:grid-cols-7">
          {days.map((d) => {
            const selected = d.day === shownDay?.day;
            return (
              <button
                key={d.day}
                type="button"
                aria-pressed={selected}
                aria-label={dayInWords(d.slots[0]!.startsAt)}
                onClick={() => setDay(d.day)}
                className={clsx(
                  TILE,
                  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700',
                  selected
                    ? 'border-brand-700 bg-brand-700 text-white'
                    : 'border-gray-300 bg-white text-gray-900 hover:border-brand-600',
                )}
              >
                {dayLabel(d.slots[0]!.startsAt)}
              </button>
            );
          })}
        </div>
      </fieldset>
      {shownDay && (
        <fieldset
          aria-describedby={error ? `${id}-error` : undefined}
          aria-invalid={error ? true : undefined}
        >
          <legend className="text-base font-medium text-gray-900">
            <FormattedMessage
              id="counselling.slots.time"
              defaultMessage="Time on {day}"
              values={{ day: dayInWords(shownDay.slots[0]!.startsAt) }}
            />
          </legend>
          <div className="mt-2 grid grid-cols-3 gap-2 sm:grid-cols-5 lg:grid-cols-6">
            {shownDay.slots.map((slot) => {
              const checked = slot.startsAt === value;
              return (
                <label
                  key={slot.startsAt}
                  className={clsx(
                    TILE,
                    checked
                      ? 'border-brand-700 bg-brand-50 text-brand-800 ring-2 ring-brand-700'
                      : 'border-gray-300 bg-white text-gray-900 hover:border-brand-600',
                  )}
                >
                  <input
                    type="radio"
                    name={`${id}-slot`}
                    value={slot.startsAt}
                    checked={checked}
                    onChange={() => onChange(slot.startsAt)}
                    className="sr-only"
                  />
                  {intl.formatTime(slot.startsAt, { timeZone, hour: 'numeric', minute: '2-digit' })}
                </label>
              );
            })}
          </div>
          {error && (
            <p id={`${id}-error`} className={ERROR_CLASS}>
              {error}
            </p>
          )}
        </fieldset>
      )}
    </div>
  );
}
