/** A polite status message above a form (e.g. 'Password successfully reset...' on /sign-in). */
export function StatusBanner({ message, className }: { message: string | undefined; className?: string }) {
  if (!message) return null;
  return (
    <div
      role="status"
      className={`rounded-md border border-brand-600/40 bg-brand-50 px-4 py-3 text-sm text-brand-800 ${className ?? ''}`}
    >
      {message}
    </div>
  );
}
