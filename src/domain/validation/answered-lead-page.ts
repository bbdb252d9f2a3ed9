import { answerMarker, LEAD_FORM_ANSWER_ID, LEAD_FORM_FIELDS, type LeadFormAnswer } from './lead-form-answer';

// The page the server answers a lead form sent without the script with: the build's /lead drawn with every
// field's message set to a marker (scripts/prerender.ts writes it), filled in here. What remains is exactly
// what the page's script draws for the same answer, so the script takes the form over as it stands. Plain
// text work, no I/O: the server reads the file, and the web's tests check the result against React's drawing.

const escapeHtml = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

/** JSON that cannot end the script element it sits in. */
const scriptSafeJson = (value: unknown) =>
  JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');

function replaceExactlyOnce(html: string, pattern: RegExp, replace: (match: string) => string): string {
  const matches = html.match(new RegExp(pattern.source, 'g'));
  if (matches?.length !== 1) throw new Error(`the answered page should hold ${String(pattern)} exactly once`);
  return html.replace(pattern, replace);
}

/** Adds attributes at the end of an element's start tag (`<input ...>` or `<input .../>`). */
const withAttributes = (tag: string, attributes: string) => tag.replace(/\s*\/?>$/, () => `${attributes}/>`);

/**
 * The answered page for `answer`: the values typed, the messages of the fields that failed, and the answer as
 * data for the page's script. (The form posts to its own section's address, so the page opens on the form.)
 */
export function answeredLeadPage(template: string, answer: LeadFormAnswer): string {
  let html = template;
  for (const field of LEAD_FORM_FIELDS) {
    const message = answer.errors[field];
    const marker = answerMarker(field);
    html = replaceExactlyOnce(html, new RegExp(`<input\\b[^>]*\\bname="${field}"[^>]*>`), (tag) => {
      let input = tag;
      if (message === undefined) {
        input = input.replace(/ aria-invalid="true"/, '').replace(/ aria-describedby="[^"]*"/, '');
      }
      const value = answer.values[field];
      let attributes = '';
      if (typeof value === 'string' && value !== '') attributes += ` value="${escapeHtml(value)}"`;
      if (value === true) attributes += ' checked=""';
      return attributes ? withAttributes(input, attributes) : input;
    });
    html = replaceExactlyOnce(html, new RegExp(`<p\\b[^>]*>${marker}</p>`), (paragraph) =>
      message === undefined ? '' : paragraph.replace(marker, () => escapeHtml(message)),
    );
  }
  return replaceExactlyOnce(
    html,
    /<\/body>/,
    () =>
      `<script type="application/json" id="${LEAD_FORM_ANSWER_ID}">${scriptSafeJson(answer)}</script></body>`,
  );
}
