import { useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { HINT_CLASS, INPUT_CLASS, LABEL_CLASS } from '#web/components/ui/form/styles';
import { timeZoneChoices, timeZoneLabel } from './time-zones';

/** The zone the times are shown in: the browser's at first, changeable (a borrower on a trip, a shared PC). */
export function TimeZoneSelect({
  value,
  onChange,
  locale,
}: {
  value: string;
  onChange: (timeZone: string) => void;
  locale: string;
}) {
  const id = useId();
  const intl = useIntl();
  return (
    <div>
      <label htmlFor={id} className={LABEL_CLASS}>
        <FormattedMessage id="counselling.timeZone.label" defaultMessage="Times are shown in" />
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-describedby={`${id}-hint`}
        className={`${INPUT_CLASS} h-[2.625rem] sm:max-w-md`}
      >
        {timeZoneChoices(value).map((zone) => (
          <option key={zone} value={zone}>
            {timeZoneLabel(zone, { locale, formatMessage: intl.formatMessage })}
          </option>
        ))}
      </select>
      <p id={`${id}-hint`} className={HINT_CLASS}>
        <FormattedMessage
          id="counselling.timeZone.hint"
          defaultMessage="We found your time zone from this device. Change it if it is not where you will be."
        />
      </p>
    </div>
  );
}
