import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { APP_ERROR_DEFAULT_MESSAGE_REF } from '#domain/errors';
import { applyServerFieldErrors } from '#web/components/ui/form/server-errors';
import { ApiError } from './api';
import { endLocalSession } from './session';

/**
 * Sends what a form submits and handles a failure the way every form does: a lost session ends the local
 * session and goes to /sign-in with its message; a 400's field messages land on the form's fields (in
 * `fieldOrder`, the first focused). Any other failure goes to `onOtherFailure`, which each screen shows its own
 * way (the flow's error modal, a staff action's alert). Resolves the answer, or undefined when it failed.
 */
export function useApiMutation<TBody, TResult, TValues extends FieldValues, TContext, TOutput>(o: {
  send: (body: TBody) => Promise<TResult>;
  form?: UseFormReturn<TValues, TContext, TOutput>;
  fieldOrder?: readonly Path<TValues>[];
  onOtherFailure: (error: unknown) => void;
}) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const mutation = useMutation({ mutationFn: o.send });

  const run = async (body: TBody): Promise<TResult | undefined> => {
    try {
      return await mutation.mutateAsync(body);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'NotAuthenticated') {
        await endLocalSession(queryClient, navigate, APP_ERROR_DEFAULT_MESSAGE_REF.NotAuthenticated);
      } else if (!(o.form && applyServerFieldErrors(o.form, error, o.fieldOrder ?? []))) {
        o.onOtherFailure(error);
      }
      return undefined;
    }
  };

  return { run, busy: mutation.isPending };
}
