import { useState } from 'react';
import {
  useForm,
  type DefaultValues,
  type FieldErrors,
  type FieldValues,
  type Resolver,
} from 'react-hook-form';
import type { z } from 'zod';

type SchemaResolver<TSchema extends z.ZodType<FieldValues, FieldValues>> = Resolver<
  z.input<TSchema>,
  unknown,
  z.output<TSchema>
>;

/**
 * The form of useZodForm (validated by the shared zod schema on submit, then on every change; the first failing
 * field receives focus), for a page that must start small: the schema and zod come as their own chunk,
 * fetched on the first validation or earlier through `loadValidation` (call it when the visitor starts on the
 * form, so the download is done by the time they send it). Until then the form draws and types as usual.
 * `errors` are messages the form starts with (the server's answer to the form sent without the script); they
 * are drawn from the first render, and focus stays where the visitor has it.
 */
export function useLazyZodForm<TSchema extends z.ZodType<FieldValues, FieldValues>>(
  loadSchema: () => Promise<TSchema>,
  defaultValues: DefaultValues<z.input<TSchema>>,
  errors?: FieldErrors<z.input<TSchema>>,
) {
  const [validation] = useState(() => lazyResolver(loadSchema));
  const form = useForm<z.input<TSchema>, unknown, z.output<TSchema>>({
    resolver: validation.resolver,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    // react-hook-form focuses the first of `errors` as it starts when this is on: a form started with errors
    // focuses its failing field itself when it is submitted (handleSubmit's second callback).
    shouldFocusError: errors === undefined,
    defaultValues,
    errors,
  });
  return { form, loadValidation: validation.load };
}

function lazyResolver<TSchema extends z.ZodType<FieldValues, FieldValues>>(
  loadSchema: () => Promise<TSchema>,
) {
  let loading: Promise<SchemaResolver<TSchema>> | undefined;
  const load = () => {
    loading ??= Promise.all([import('./zod-ref-resolver'), loadSchema()]).then(
      ([{ zodRefResolver }, schema]) => zodRefResolver(schema) as SchemaResolver<TSchema>,
    );
    // A failed download is tried again the next time the form validates.
    loading.catch(() => (loading = undefined));
    return loading;
  };
  const resolver: SchemaResolver<TSchema> = async (values, context, options) =>
    (await load())(values, context, options);
  return { resolver, load };
}
