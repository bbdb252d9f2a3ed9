import { toNestErrors, validateFieldsNatively } from '@hookform/resolvers';
import type { FieldError, FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import type { MessageRef } from '#domain/i18n/message';
import { issueMessageRef } from '#domain/validation/issue-messages';

/**
 * A field's error as our forms keep it: react-hook-form's, plus the message's id and values when the schema
 * gave them, so the field words it in the page's language by its id rather than by reading its English back.
 * react-hook-form keeps a resolver's (and setError's) error object whole, so the extra key reaches useField.
 */
export type FieldErrorWithRef = FieldError & { messageRef?: MessageRef };

type Issue = z.core.$ZodIssue;

/**
 * The first issue of each field, as a field error with its message's ref. A union's failure shows the issue of
 * the branch that came closest (fewest issues), as @hookform/resolvers' zodResolver does; the other branches'
 * issues are looked at too, for the fields the closest one did not name.
 */
function fieldErrorsOf(issues: readonly Issue[]): Record<string, FieldErrorWithRef> {
  // No prototype: a field named `constructor` or `toString` must not look as if it already had an error.
  const errors: Record<string, FieldErrorWithRef> = Object.create(null) as Record<string, FieldErrorWithRef>;
  const queue = [...issues];
  for (let issue = queue.shift(); issue; issue = queue.shift()) {
    const path = issue.path.join('.');
    if (issue.code === 'invalid_union') {
      const branches = issue.errors;
      const closest = branches.reduce<Issue[] | undefined>(
        (best, branch) => (best === undefined || branch.length < best.length ? branch : best),
        undefined,
      );
      const shown = closest?.[0] ?? issue;
      errors[path] ??= errorOf(shown);
      for (const branch of branches)
        for (const inner of branch) queue.push({ ...inner, path: [...issue.path, ...inner.path] });
      continue;
    }
    errors[path] ??= errorOf(issue);
  }
  return errors;
}

function errorOf(issue: Issue): FieldErrorWithRef {
  const ref = issueMessageRef(issue);
  return ref
    ? { type: issue.code, message: issue.message, messageRef: ref }
    : { type: issue.code, message: issue.message };
}

/**
 * The resolver of our forms: the shared zod schema's parse, its issues as field errors that keep their
 * message's ref. It shows one message per field (react-hook-form's default criteriaMode, the only one our
 * forms use), and nests the errors under the fields (toNestErrors) so react-hook-form focuses the first
 * failing one as with @hookform/resolvers' own zodResolver.
 */
export function zodRefResolver<TSchema extends z.ZodType<FieldValues, FieldValues>>(
  schema: TSchema,
): Resolver<z.input<TSchema>, unknown, z.output<TSchema>> {
  return async (values, _context, options) => {
    const result = await schema.safeParseAsync(values);
    if (result.success) {
      if (options.shouldUseNativeValidation) validateFieldsNatively({}, options);
      return { values: result.data, errors: {} };
    }
    return {
      values: {},
      errors: toNestErrors(fieldErrorsOf(result.error.issues) as FieldErrors, options),
    };
  };
}
