/**
 * A translucent layer over the whole page with a spinner while a long request runs (credit pull, income
 * check, saves). It announces its text politely and takes the clicks meant for the page underneath.
 */
export function BusyOverlay({ show, text, subtext }: { show: boolean; text: string; subtext?: string }) {
  if (!show) return null;
  return (
    <div
      role="status"
      aria-live="polite"
      aria-busy="true"
      className="fixed inset-0 z-50 flex flex-col items-center justify-center gap-4 bg-white/85 px-4 text-center backdrop-blur-[2px]"
    >
      <span
        aria-hidden="true"
        className="size-12 rounded-full border-4 border-brand-100 border-t-brand-700 motion-safe:animate-spin"
      />
      <p className="text-lg font-semibold text-gray-900">{text}</p>
      {subtext !== undefined && <p className="max-w-md text-gray-700">{subtext}</p>}
    </div>
  );
}
