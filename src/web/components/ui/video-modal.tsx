import { Modal } from './modal';

export type VideoModalProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title?: string;
};

/**
 * The promo video's frame. The product embeds no third-party player (no external requests, nothing to track),
 * so the frame says the video is not available offline and sums it up in words instead.
 */
export function VideoModal({ open, onOpenChange, title = 'Watch how it works' }: VideoModalProps) {
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={title} size="lg">
      <div className="mt-4 flex aspect-video w-full flex-col items-center justify-center gap-3 rounded-xl bg-gray-900 p-4 text-center text-white">
        <svg viewBox="0 0 48 48" aria-hidden="true" className="size-14 opacity-80">
          <circle cx="24" cy="24" r="22" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="M19 15l14 9-14 9z" fill="currentColor" />
        </svg>
        <p className="font-semibold">The video is not available offline.</p>
      </div>
      <p className="mt-4 text-gray-700">
        In short: apply in under 5 minutes, let us verify your card balances with a credit check that does not
        affect your credit score, confirm your income and expenses, and see your new monthly payment right
        away. If you enroll, you make one monthly payment and your creditors are paid for you.
      </p>
    </Modal>
  );
}
