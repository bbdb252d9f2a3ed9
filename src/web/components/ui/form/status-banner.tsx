import { useIntl } from 'react-intl';
import { messageText, type ShownMessage } from '#web/lib/message-text';

/**
 * A polite status message above a form (e.g. 'Password successfully reset...' on /sign-in): a ref, worded in
 * the page's language, or the server's text, already in the reader's language.
 */
export function StatusBanner({
  message,
  className,
}: {
  message: ShownMessage | undefined;
  className?: string;
}) {
  const intl = useIntl();
  if (!message) return null;
  return (
    <div
      role="status"
      className={`rounded-md border border-brand-600/40 bg-brand-50 px-4 py-3 text-sm text-brand-800 ${className ?? ''}`}
    >
      {messageText(intl, message)}
    </div>
  );
}
