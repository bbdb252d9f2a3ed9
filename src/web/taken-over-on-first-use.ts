/**
 * The prerendered pages (prerendered-pages.ts) all work whole without a script: their links are real addresses,
 * their questions are `<details>`, /lead's buttons are links to its sections and its lead form is a real form
 * the server answers. The browser takes them over only when the visitor first uses the page (a tap, a click, a
 * key, a pointer or a focus), so a visitor who reads downloads no JavaScript but the tiny entry, and nothing
 * blocks the page while it loads. A link followed or a form sent before then is an ordinary page load.
 *
 * A module of its own, with no imports: the entry (main.tsx) reads it and must stay tiny.
 */
export const TAKEN_OVER_ON_FIRST_USE: ReadonlySet<string> = new Set([
  '/lead',
  '/debt-analysis',
  '/debt-relief',
  // The same pages in Spanish (their language's messages are fetched with the app, at first use too).
  '/es/lead',
  '/es/debt-analysis',
  '/es/debt-relief',
]);
