import { useId } from 'react';
import type { ContactAttemptView } from '#domain/flow/staff-views';
import {
  CONTACT_ATTEMPT_REASON_KEYS,
  CONTACT_ATTEMPT_REASON_LABELS,
  CONTACT_METHOD_LABELS,
  contactOutcomeLabel,
  type ContactAttemptReasonKey,
} from '#domain/validation/staff';
import { formatTimestamp, Missing, orMissing, yesNo } from './summary-overview';

export const CONTACT_HISTORY_COLUMNS = [
  'Date',
  'Contacted by',
  'Method',
  'Outcome',
  'Received an offer',
  'Reasons',
] as const;

export const CONTACT_HISTORY_EMPTY = 'No contact attempts have been recorded for this borrower.';

const methodLabel = (method: string | null) =>
  method && method in CONTACT_METHOD_LABELS
    ? CONTACT_METHOD_LABELS[method as keyof typeof CONTACT_METHOD_LABELS]
    : method;

const isReasonKey = (key: string): key is ContactAttemptReasonKey =>
  (CONTACT_ATTEMPT_REASON_KEYS as readonly string[]).includes(key);

/** The reasons ticked on an attempt, in the checklist's order and words. */
export function tickedReasons(reasons: ContactAttemptView['reasons']): string[] {
  const ticked = new Set(reasons.filter((r) => r.value).map((r) => r.key));
  return [
    ...CONTACT_ATTEMPT_REASON_KEYS.filter((key) => ticked.has(key)).map(
      (key) => CONTACT_ATTEMPT_REASON_LABELS[key],
    ),
    ...[...ticked].filter((key) => !isReasonKey(key)),
  ];
}

const CELL = 'px-3 py-2 align-top';

/** The contact history table of the borrower summary, newest attempt first. */
export function ContactHistory({ attempts }: { attempts: readonly ContactAttemptView[] }) {
  const captionId = useId();
  if (attempts.length === 0) return <p className="text-gray-700">{CONTACT_HISTORY_EMPTY}</p>;
  const newestFirst = [...attempts].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  return (
    // Focusable so the table can be scrolled sideways from the keyboard; a group, not a region: the card
    // around it is already the 'Contact History' landmark, and two landmarks of one name confuse a screen
    // reader's list of them.
    <div
      role="group"
      aria-labelledby={captionId}
      tabIndex={0}
      className="relative overflow-x-auto rounded-lg border border-gray-200 focus-visible:outline-2 focus-visible:outline-brand-700"
    >
      <table className="w-full min-w-[44rem] border-collapse text-sm text-gray-900">
        <caption id={captionId} className="sr-only">
          Contact history
        </caption>
        <thead className="bg-gray-50 text-left text-xs text-gray-700">
          <tr>
            {CONTACT_HISTORY_COLUMNS.map((column) => (
              <th key={column} scope="col" className="px-3 py-2 font-semibold whitespace-nowrap">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {newestFirst.map((attempt) => {
            const reasons = tickedReasons(attempt.reasons);
            return (
              <tr key={attempt.id} className="border-t border-gray-200">
                <td className={`${CELL} whitespace-nowrap tabular-nums`}>
                  {formatTimestamp(attempt.createdAt)}
                </td>
                <td className={CELL}>{attempt.contactedBy.name}</td>
                <td className={`${CELL} whitespace-nowrap`}>{orMissing(methodLabel(attempt.method))}</td>
                <td className={CELL}>
                  {orMissing(contactOutcomeLabel(attempt.outcome))}
                  {attempt.notes && (
                    <span className="block text-xs break-words whitespace-pre-line text-gray-700">
                      {attempt.notes}
                    </span>
                  )}
                </td>
                <td className={CELL}>{yesNo(attempt.didTheBorrowerReceiveAnOffer)}</td>
                <td className={CELL}>
                  {reasons.length === 0 ? (
                    <Missing />
                  ) : (
                    <ul>
                      {reasons.map((reason) => (
                        <li key={reason}>{reason}</li>
                      ))}
                    </ul>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
