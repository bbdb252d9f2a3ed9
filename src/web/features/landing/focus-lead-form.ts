/** The id of the section around the lead form: the target of every Get Started. */
export const LEAD_FORM_ID = 'get-started';

/**
 * Router state that asks /lead to bring the lead form into view and focus it. The How it Works modal sends
 * the same shape (it lives in components/ and cannot import from a feature).
 */
export const FOCUS_LEAD_FORM_STATE = { focusLeadForm: true } as const;

export function isFocusLeadFormState(state: unknown): boolean {
  return (
    typeof state === 'object' && state !== null && 'focusLeadForm' in state && state.focusLeadForm === true
  );
}

const FIRST_FIELD =
  'input:not([type="hidden"]):not([disabled]), select:not([disabled]), textarea:not([disabled])';
/**
 * How long to wait for the form's fields while its code is still on the way. A slow phone connection, or a busy
 * machine, can take well over five seconds to bring it.
 */
export const WAIT_FOR_FIELD_MS = 30_000;

/** Scrolls the lead form into view and focuses its first field (waiting for it if the form is still loading). */
export function focusLeadForm(): void {
  const section = document.getElementById(LEAD_FORM_ID);
  if (section === null) return;
  const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  section.scrollIntoView({ block: 'start', behavior: reduceMotion ? 'auto' : 'smooth' });

  const focusField = () => {
    const field = section.querySelector<HTMLElement>(FIRST_FIELD);
    field?.focus({ preventScroll: true });
    return field !== null;
  };
  if (focusField()) return;
  const observer = new MutationObserver(() => {
    if (focusField()) observer.disconnect();
  });
  observer.observe(section, { childList: true, subtree: true });
  window.setTimeout(() => observer.disconnect(), WAIT_FOR_FIELD_MS);
}
