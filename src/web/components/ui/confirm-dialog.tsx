import { AlertDialog } from 'radix-ui';
import { useRef, type ReactNode } from 'react';

export type ConfirmDialogProps = {
  open: boolean;
  /** The question, which names the dialog. */
  title: string;
  description: ReactNode;
  /** More than a sentence (lists, headings): shown below the description, read with the dialog. */
  children?: ReactNode;
  /** The safe answer: it has the focus when the dialog opens, and Escape means it. */
  cancelLabel: string;
  confirmLabel: string;
  onCancel: () => void;
  onConfirm: () => void;
};

/**
 * A question asked before something is lost, above whatever asked it (another modal too): an alert dialog,
 * so a screen reader announces it and a click beside it does not answer it. On the safe answer the focus goes
 * back where it was (the field being typed in); on the other the caller decides what happens.
 */
export function ConfirmDialog({
  open,
  title,
  description,
  cancelLabel,
  confirmLabel,
  onCancel,
  onConfirm,
  children,
}: ConfirmDialogProps) {
  const returnTo = useRef<HTMLElement | null>(null);
  const confirmed = useRef(false);
  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => (next ? undefined : onCancel())}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-[60] bg-gray-900/40" />
        <AlertDialog.Content
          onOpenAutoFocus={() => {
            confirmed.current = false;
            returnTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
          }}
          onCloseAutoFocus={(event) => {
            // Radix would focus a trigger there is none of; after Discard the caller's modal is closing.
            event.preventDefault();
            if (!confirmed.current && returnTo.current?.isConnected) returnTo.current.focus();
            returnTo.current = null;
          }}
          className="fixed top-1/2 left-1/2 z-[60] max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-xl motion-safe:animate-dialog-in"
        >
          <AlertDialog.Title className="text-lg font-bold text-gray-900">{title}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-gray-700">{description}</AlertDialog.Description>
          {children}
          <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel className="min-h-11 rounded-lg border border-gray-300 bg-white px-5 font-semibold text-gray-800 hover:bg-gray-50">
              {cancelLabel}
            </AlertDialog.Cancel>
            <button
              type="button"
              onClick={() => {
                confirmed.current = true;
                onConfirm();
              }}
              className="min-h-11 rounded-lg bg-red-700 px-5 font-semibold text-white hover:bg-red-800"
            >
              {confirmLabel}
            </button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
