import { useIntl } from 'react-intl';
import { clsx } from 'clsx';
import { Dialog } from 'radix-ui';
import { useRef, type ReactNode } from 'react';

export type ModalProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Names the dialog; always present for screen readers. */
  title: ReactNode;
  /** Keeps the title for screen readers but hides it on screen. */
  hideTitle?: boolean;
  description?: ReactNode;
  children?: ReactNode;
  size?: 'sm' | 'md' | 'lg';
  /** Shows the × close control in the corner. */
  showClose?: boolean;
  /** Radix's hook for where focus goes on close; call event.preventDefault() to move it yourself. */
  onCloseAutoFocus?: (event: Event) => void;
};

const widths = { sm: 'max-w-sm', md: 'max-w-lg', lg: 'max-w-2xl' } as const;

/**
 * The one modal of the app, on Radix Dialog: focus trap, Escape and outside click close it, focus returns to
 * whatever opened it.
 */
export function Modal({
  open,
  onOpenChange,
  title,
  hideTitle = false,
  description,
  children,
  size = 'md',
  showClose = true,
  onCloseAutoFocus,
}: ModalProps) {
  // Radix returns focus to a Dialog.Trigger; our modals are opened by ordinary buttons (often lazily), so the
  // element focused at opening is remembered and focused again on close.
  const opener = useRef<HTMLElement | null>(null);
  const intl = useIntl();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-gray-900/60 motion-safe:animate-overlay-in" />
        <Dialog.Content
          onOpenAutoFocus={() => {
            opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
          }}
          onCloseAutoFocus={(event) => {
            onCloseAutoFocus?.(event);
            if (event.defaultPrevented) return;
            event.preventDefault();
            opener.current?.focus();
            opener.current = null;
          }}
          // Without a description Radix would point aria-describedby at nothing.
          {...(description === undefined ? { 'aria-describedby': undefined } : {})}
          className={clsx(
            'fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2',
            'overflow-y-auto rounded-2xl bg-white p-6 shadow-xl motion-safe:animate-dialog-in sm:p-8',
            widths[size],
          )}
        >
          <Dialog.Title
            className={clsx(hideTitle ? 'sr-only' : 'pr-8 text-xl font-bold text-gray-900 sm:text-2xl')}
          >
            {title}
          </Dialog.Title>
          {description !== undefined && (
            <Dialog.Description className={clsx('text-gray-700', !hideTitle && 'mt-2')}>
              {description}
            </Dialog.Description>
          )}
          {children}
          {showClose && (
            <Dialog.Close
              aria-label={intl.formatMessage({ id: 'ui.modal.close', defaultMessage: 'Close' })}
              className="absolute top-3 right-3 inline-flex size-11 items-center justify-center rounded-full text-gray-600 hover:bg-gray-100 hover:text-gray-900"
            >
              <svg
                viewBox="0 0 24 24"
                aria-hidden="true"
                className="size-5"
                fill="none"
                stroke="currentColor"
              >
                <path d="M6 6l12 12M18 6L6 18" strokeWidth="2" strokeLinecap="round" />
              </svg>
            </Dialog.Close>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
