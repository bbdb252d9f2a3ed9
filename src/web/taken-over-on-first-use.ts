/**
 * The prerendered pages (prerendered-pages.ts) that work whole without a script (their links are real addresses, their questions are
 * `<details>`): the browser takes them over only when the visitor first uses the page (a tap, a click, a key,
 * a pointer or a focus), so a visitor who reads downloads no JavaScript but the tiny entry. A link followed
 * before then is an ordinary page load. /lead has buttons that need the script, and is taken over at once.
 *
 * A module of its own, with no imports: the entry (main.tsx) reads it and must stay tiny.
 */
export const TAKEN_OVER_ON_FIRST_USE: ReadonlySet<string> = new Set(['/debt-analysis', '/debt-relief']);
