/** The brand mark: a card whose balance line falls to zero. Decorative; the link around it carries the name. */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 40 40" aria-hidden="true" className={className} width="40" height="40">
      <rect width="40" height="40" rx="10" fill="var(--color-brand-700)" />
      <rect x="8" y="11" width="24" height="17" rx="3" fill="none" stroke="#fff" strokeWidth="2.2" />
      <path d="M8 16h24" stroke="#fff" strokeWidth="2.2" />
      <path
        d="M12 33l6-5 4 3 7-7"
        fill="none"
        stroke="var(--color-accent-400)"
        strokeWidth="2.6"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
