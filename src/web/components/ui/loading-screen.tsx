import { useIntl } from 'react-intl';
import { clsx } from 'clsx';

export type LoadingScreenProps = {
  text?: string;
  subtext?: string;
  /** Covers the whole viewport (a busy overlay) instead of filling its container. */
  overlay?: boolean;
};

export function LoadingScreen({ text, subtext, overlay = false }: LoadingScreenProps) {
  const intl = useIntl();
  return (
    <div
      role="status"
      aria-live="polite"
      className={clsx(
        'flex flex-col items-center justify-center gap-4 px-4 text-center',
        overlay ? 'fixed inset-0 z-50 bg-white/95' : 'min-h-[60vh] w-full',
      )}
    >
      <span
        aria-hidden="true"
        className="size-12 rounded-full border-4 border-brand-100 border-t-brand-700 motion-safe:animate-spin"
      />
      <p className="text-lg font-semibold text-gray-900">
        {text ?? intl.formatMessage({ id: 'ui.loading', defaultMessage: 'Loading...' })}
      </p>
      {subtext !== undefined && <p className="max-w-md text-gray-700">{subtext}</p>}
    </div>
  );
}
