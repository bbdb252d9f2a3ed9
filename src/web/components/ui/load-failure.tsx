import { FormattedMessage, useIntl } from 'react-intl';
import { clsx } from 'clsx';
import { FIXED } from '#domain/i18n/validation-messages';
import { ApiError } from '#web/lib/api';
import { apiErrorText } from '#web/lib/api-error-text';

/**
 * What a page shows when its data cannot be read: why (a lost connection says so; anything else is the
 * general load failure) and a way to try again, so nobody is left on a dead end.
 */
export function LoadFailure({
  error,
  onRetry,
  className,
}: {
  error: unknown;
  onRetry: () => void;
  className?: string;
}) {
  const intl = useIntl();
  const message =
    error instanceof ApiError && error.code === 'NetworkError'
      ? apiErrorText(intl, error)
      : intl.formatMessage(FIXED.applicationLoadFailed);
  return (
    <div role="alert" className={clsx('flex flex-col items-center gap-4 text-center', className)}>
      <p className="text-lg text-gray-900">{message}</p>
      <button
        type="button"
        onClick={onRetry}
        className="min-h-11 rounded-lg bg-brand-700 px-5 font-semibold text-white hover:bg-brand-800"
      >
        <FormattedMessage id="ui.loadFailure.retry" defaultMessage="Try again" />
      </button>
    </div>
  );
}
