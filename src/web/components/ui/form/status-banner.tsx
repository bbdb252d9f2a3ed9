import { useIntl } from 'react-intl';
import { localizeMessage } from '#domain/i18n/translate-message';

/** A polite status message above a form (e.g. 'Password successfully reset...' on /sign-in). */
export function StatusBanner({ message, className }: { message: string | undefined; className?: string }) {
  const intl = useIntl();
  if (!message) return null;
  return (
    <div
      role="status"
      className={`rounded-md border border-brand-600/40 bg-brand-50 px-4 py-3 text-sm text-brand-800 ${className ?? ''}`}
    >
      {localizeMessage(message, (d, v) => intl.formatMessage(d, v))}
    </div>
  );
}
