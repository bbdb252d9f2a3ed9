import { useForm, type DefaultValues, type FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import { zodRefResolver } from './zod-ref-resolver';

/**
 * The one way forms are set up: validated by the shared zod schema on submit, then
 * re-validated on every change; the first failing field receives focus. A field's error keeps its message's
 * id (zodRefResolver), so the field words it in the page's language.
 */
export function useZodForm<TSchema extends z.ZodType<FieldValues, FieldValues>>(
  schema: TSchema,
  defaultValues: DefaultValues<z.input<TSchema>>,
) {
  return useForm<z.input<TSchema>, unknown, z.output<TSchema>>({
    resolver: zodRefResolver(schema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    shouldFocusError: true,
    defaultValues,
  });
}
