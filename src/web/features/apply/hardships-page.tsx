import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { PAGE_ROUTES } from '#domain/flow/pages';
import { resumeRoute } from '#domain/flow/resume';
import {
  HARDSHIP_KEYS,
  HARDSHIP_LABELS,
  HARDSHIPS_QUESTION,
  hardshipsSchema,
} from '#domain/validation/application';
import { MESSAGES } from '#domain/validation/messages';
import { ApiError } from '#web/lib/api';
import { useApiMutation } from '#web/lib/use-api-mutation';
import { ErrorModal } from '#web/components/ui/error-modal';
import { ERROR_CLASS } from '#web/components/ui/form/styles';
import { SubmitButton } from '#web/components/ui/form/submit-button';
import { useFailureModal } from '#web/components/ui/form/use-failure-modal';
import { useZodForm } from '#web/components/ui/form/use-zod-form';
import { LoadingScreen } from '#web/components/ui/loading-screen';
import { ApplyPage } from './apply-page';
import { applyKeys, saveHardships } from './api';
import { useApplication, type ApplicationView } from './application-query';
import { LoadFailure } from '#web/components/ui/load-failure';

const TITLE = 'Your situation';
const ERROR_ID = 'hardships-error';
const HINT_ID = 'hardships-hint';

/** /hardships: the borrower's current situations, prefilled from what was saved. */
export function Component() {
  const application = useApplication();
  if (application.isPending) return <LoadingScreen />;
  if (application.isError) {
    return (
      <ApplyPage page="Hardships" title={TITLE}>
        <LoadFailure error={application.error} onRetry={() => void application.refetch()} />
      </ApplyPage>
    );
  }
  // Past inProgress the answers are fixed: go where the application stands.
  const resume = resumeRoute(application.data);
  if (application.data.status !== 'inProgress' && resume !== PAGE_ROUTES.Hardships) {
    return <Navigate to={resume} replace />;
  }
  return <HardshipsForm saved={application.data.hardships} />;
}

function HardshipsForm({ saved }: { saved: ApplicationView['hardships'] }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const failure = useFailureModal();
  // Where to go after the error modal closes, when the server says the application moved on.
  const [redirectAfterError, setRedirectAfterError] = useState<string>();
  const form = useZodForm(hardshipsSchema, saved);
  // Not useSavePage: this page shows the save failure's text for a network failure too (useSavePage shows the
  // network's), and reads the application again without waiting for it before it leaves.
  const save = useApiMutation({
    send: saveHardships,
    form,
    fieldOrder: HARDSHIP_KEYS,
    onOtherFailure: (error) => {
      if (error instanceof ApiError && error.status === 409) {
        setRedirectAfterError(error.redirect);
        failure.show(error.message);
      } else {
        failure.show(MESSAGES.saveFailed);
      }
    },
  });

  const onSubmit = form.handleSubmit(async (values) => {
    const answer = await save.run(values);
    if (!answer) return;
    void queryClient.invalidateQueries({ queryKey: applyKeys.application() });
    await navigate(answer.next);
  });

  // The group's rule sits on the first option; ticking any option after a submit must re-check it.
  const revalidateGroup = () => {
    if (form.formState.isSubmitted) void form.trigger(HARDSHIP_KEYS[0]);
  };

  const errorMessage = form.formState.errors[HARDSHIP_KEYS[0]]?.message;
  const describedBy = [HINT_ID, errorMessage ? ERROR_ID : undefined].filter(Boolean).join(' ');

  return (
    <ApplyPage page="Hardships" title={TITLE}>
      <form noValidate onSubmit={onSubmit}>
        <fieldset aria-describedby={describedBy}>
          <legend>
            <h1 className="text-2xl font-bold text-gray-900 sm:text-3xl">{HARDSHIPS_QUESTION}</h1>
          </legend>
          <p id={HINT_ID} className="mt-2 text-gray-700">
            Select all that apply
          </p>
          <div className="mt-5 space-y-3">
            {/* Each whole tile is the label: a large target on a phone. */}
            {HARDSHIP_KEYS.map((key) => (
              <label
                key={key}
                className="flex min-h-12 cursor-pointer items-center gap-3 rounded-lg border border-gray-300 px-4 py-2 text-gray-900 hover:border-brand-600 has-checked:border-brand-600 has-checked:bg-brand-50 has-aria-invalid:border-red-600"
              >
                <input
                  {...form.register(key, { onChange: revalidateGroup })}
                  type="checkbox"
                  aria-invalid={errorMessage ? true : undefined}
                  aria-describedby={errorMessage ? ERROR_ID : undefined}
                  className="size-5 shrink-0 rounded border-gray-400 accent-brand-600"
                />
                <span>{HARDSHIP_LABELS[key]}</span>
              </label>
            ))}
          </div>
          {errorMessage && (
            <p id={ERROR_ID} role="alert" className={ERROR_CLASS}>
              {errorMessage}
            </p>
          )}
        </fieldset>
        <SubmitButton busy={form.formState.isSubmitting} className="mt-8">
          Continue
        </SubmitButton>
      </form>
      <ErrorModal
        {...failure.props}
        onClose={() => {
          failure.props.onClose();
          if (redirectAfterError) void navigate(redirectAfterError, { replace: true });
        }}
      />
    </ApplyPage>
  );
}
