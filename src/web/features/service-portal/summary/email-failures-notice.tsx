import { useQuery } from '@tanstack/react-query';
import { formatCardDate } from '#domain/service-portal/date-range';
import { emailFailuresQuery } from '#web/features/service-portal/api';

// Emails the queue gave up on (not delivered within EMAIL_GIVE_UP_HOURS): a borrower waiting for a password
// link or a signed letter never got it, so a counsellor should call them. Shown on /summary only when there
// are any; the list itself is the API's (newest first, capped), without the emails' bodies.

/** 'initial-password' → 'Initial password'. */
export const emailKindLabel = (kind: string) => {
  const words = kind.replaceAll(/[-_]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

export function EmailFailuresNotice() {
  const failures = useQuery({
    ...emailFailuresQuery(),
    // A side notice: a failed read leaves the page as it is rather than showing a second error.
    retry: false,
  });
  const view = failures.data;
  if (!view || view.failed === 0) return null;
  const heading =
    view.failed === 1 ? '1 email was not delivered' : `${view.failed} emails were not delivered`;

  return (
    <section
      aria-label="Emails not delivered"
      className="mb-4 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950"
    >
      <details>
        <summary className="min-h-11 cursor-pointer py-2 font-semibold">
          {heading}
          <span className="ml-1 font-normal">: call the borrower or check the mail server.</span>
        </summary>
        <ul className="mt-2 divide-y divide-amber-200">
          {view.items.map((item) => (
            <li key={item.id} className="py-2 text-sm break-words">
              <span className="font-medium">{emailKindLabel(item.kind)}</span> to {item.to}, given up{' '}
              {formatCardDate(item.failedAt)} after {item.attempts}{' '}
              {item.attempts === 1 ? 'attempt' : 'attempts'}
              {item.lastError && <span className="block text-amber-900">Mail server: {item.lastError}</span>}
            </li>
          ))}
        </ul>
        {view.failed > view.items.length && (
          <p className="mt-2 text-sm">
            Showing the newest {view.items.length} of {view.failed}.
          </p>
        )}
      </details>
    </section>
  );
}
