import { useEffect, useRef, useState } from 'react';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import { usePlaidLink, type PlaidLinkError } from 'react-plaid-link';
import { SECONDARY_BUTTON_CLASS } from '#web/components/ui/form/styles';
import { Modal } from '#web/components/ui/modal';

// Plaid Link, the vendor's own widget, for a real bank connection. Plaid's React package loads Link's script
// from cdn.plaid.com (Plaid requires that it is never bundled or hosted by us) and creates the widget with the
// link token; Link then draws itself in a full-page frame of its own. Our dialog is shown only around it: while
// the script loads, and when Link could not load or ended in an error, with the way out the page offers.

const M = defineMessages({
  title: { id: 'bankLink.title', defaultMessage: 'Connect your bank' },
  loading: {
    id: 'bankLink.plaid.loading',
    defaultMessage: 'Opening the secure connection to your bank...',
  },
  unavailable: {
    id: 'bankLink.plaid.unavailable',
    defaultMessage:
      'The secure connection to your bank could not be loaded: your browser or network may be blocking it, or you may be offline. You can enter your checking account details instead.',
  },
  unavailableCallUs: {
    id: 'bankLink.plaid.unavailableCallUs',
    defaultMessage:
      'The secure connection to your bank could not be loaded: your browser or network may be blocking it, or you may be offline. Please call us and we will help you connect your bank.',
  },
  exitError: {
    id: 'bankLink.plaid.exitError',
    defaultMessage:
      'The connection to your bank did not finish. You can try again, or enter your checking account details instead.',
  },
  exitErrorCallUs: {
    id: 'bankLink.plaid.exitErrorCallUs',
    defaultMessage:
      'The connection to your bank did not finish. You can try again, or call us and we will help you connect your bank.',
  },
  expired: {
    id: 'bankLink.plaid.expired',
    defaultMessage:
      'The connection took too long and has expired. Close this window and choose to connect your bank again.',
  },
  tryAgain: { id: 'bankLink.tryAgain', defaultMessage: 'Try again' },
  provideManually: { id: 'bankLink.provideManually', defaultMessage: 'Provide manually' },
});

// The English, as the component tests read it.
export const PLAID_LOADING = String(M.loading.defaultMessage);
export const PLAID_UNAVAILABLE = String(M.unavailable.defaultMessage);
export const PLAID_UNAVAILABLE_CALL_US = String(M.unavailableCallUs.defaultMessage);
export const PLAID_EXIT_ERROR = String(M.exitError.defaultMessage);
export const PLAID_EXIT_ERROR_CALL_US = String(M.exitErrorCallUs.defaultMessage);
export const PLAID_EXPIRED = String(M.expired.defaultMessage);

/**
 * How long Link may take to become ready before we say it could not load. A blocked or failed script is told
 * at once by the browser; this covers a request that hangs, or a script that loaded without creating Link.
 */
export const PLAID_LOAD_TIMEOUT_MS = 20_000;

/** Link could not be used at all, or it ended without a connection (with Plaid's error when it gave one). */
type Failure = { kind: 'unavailable' } | { kind: 'exit'; error: PlaidLinkError | null };

export type PlaidLinkFlowProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  linkToken: string;
  onConnected: (publicToken: string) => void;
  onProvideManually?: () => void;
  title?: string;
  onCloseAutoFocus?: (event: Event) => void;
};

export function PlaidLinkFlow({
  open,
  onOpenChange,
  linkToken,
  onConnected,
  onProvideManually,
  title,
  onCloseAutoFocus,
}: PlaidLinkFlowProps) {
  const intl = useIntl();
  // Link is open on the page (its own frame covers it): our dialog steps aside meanwhile, since a modal dialog
  // underneath would keep the keyboard and the pointer away from Link's frame.
  const [linkShown, setLinkShown] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [timedOut, setTimedOut] = useState(false);
  // Each opening of the dialog starts clean (set while rendering, as React advises for state that follows a prop).
  const [wasOpen, setWasOpen] = useState(open);
  if (wasOpen !== open) {
    setWasOpen(open);
    setFailure(null);
    setLinkShown(false);
    setTimedOut(false);
  }
  // Link keeps the callbacks it was created with; these read the page's current ones.
  const latest = useRef({ onConnected, onOpenChange });
  useEffect(() => {
    latest.current = { onConnected, onOpenChange };
  });

  const link = usePlaidLink({
    // Only while the dialog is open: closing it destroys Link, and a new link token creates it afresh.
    token: open ? linkToken : null,
    onSuccess: (publicToken) => {
      setLinkShown(false);
      // A flow that creates no bank item answers no public token (never ours: the link token asks for
      // transactions); there is nothing to exchange, so the connection did not finish.
      if (publicToken === null) {
        setFailure({ kind: 'exit', error: null });
        return;
      }
      latest.current.onConnected(publicToken);
    },
    onExit: (error) => {
      setLinkShown(false);
      if (error) setFailure({ kind: 'exit', error });
      // The borrower closed Link without an error: they chose to stop, so the dialog closes with it.
      else latest.current.onOpenChange(false);
    },
  });
  const { ready, open: openLink } = link;

  // Ready too late (or never): say so rather than leave the borrower looking at 'Opening...'.
  useEffect(() => {
    if (!open || ready) return;
    const timer = setTimeout(() => setTimedOut(true), PLAID_LOAD_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [open, ready, linkToken]);

  // The script failed to load (blocked by the browser or the network, offline), or Link never became ready.
  const unavailable = open && !ready && (link.error !== null || timedOut);
  const shown: Failure | null = failure ?? (unavailable ? { kind: 'unavailable' } : null);

  // Link opens itself as soon as it is ready, once per opening of the dialog.
  const launched = useRef(false);
  useEffect(() => {
    if (!open) {
      launched.current = false;
      return;
    }
    if (!ready || launched.current || timedOut) return;
    launched.current = true;
    openLink();
    // Link's frame now covers the page; our dialog steps aside until Link calls back.
    setLinkShown(true);
  }, [open, ready, timedOut, openLink]);

  const tryAgain = () => {
    setFailure(null);
    setLinkShown(true);
    openLink();
  };

  // An expired link token cannot be opened again: a new one comes from the page's own button.
  const expired = shown?.kind === 'exit' && shown.error?.error_code === 'INVALID_LINK_TOKEN';
  const message =
    shown === null
      ? null
      : expired
        ? M.expired
        : shown.kind === 'unavailable'
          ? onProvideManually
            ? M.unavailable
            : M.unavailableCallUs
          : onProvideManually
            ? M.exitError
            : M.exitErrorCallUs;

  return (
    <Modal
      open={open && !linkShown}
      onOpenChange={onOpenChange}
      title={title ?? intl.formatMessage(M.title)}
      size="md"
      onCloseAutoFocus={onCloseAutoFocus}
    >
      {message === null ? (
        <p role="status" className="mt-4 flex items-center gap-3 text-gray-800">
          <span
            aria-hidden="true"
            className="size-5 shrink-0 animate-spin rounded-full border-2 border-brand-200 border-t-brand-700 motion-reduce:animate-none"
          />
          <FormattedMessage {...M.loading} />
        </p>
      ) : (
        <div className="mt-4 space-y-4">
          <p role="alert" className="rounded-lg border border-red-300 bg-red-50 px-3 py-2 text-red-800">
            <FormattedMessage {...message} />
          </p>
          {shown?.kind === 'exit' && !expired && ready && (
            <button type="button" onClick={tryAgain} className={SECONDARY_BUTTON_CLASS}>
              <FormattedMessage {...M.tryAgain} />
            </button>
          )}
          {onProvideManually && (
            <button type="button" onClick={onProvideManually} className={SECONDARY_BUTTON_CLASS}>
              <FormattedMessage {...M.provideManually} />
            </button>
          )}
        </div>
      )}
    </Modal>
  );
}
