import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { Navigate, useNavigate } from 'react-router';
import { hasCompleted } from '#domain/flow/page-order';
import { PAGE_ROUTES } from '#domain/flow/pages';
import { resumeRoute } from '#domain/flow/resume';
import { HARDSHIP_KEYS, hardshipsSchema } from '#domain/validation/application';
import { MESSAGE_REFS } from '#domain/validation/messages';
import { ApiError } from '#web/lib/api';
import { apiErrorMessage } from '#web/lib/api-error-text';
import { useApiMutation } from '#web/lib/use-api-mutation';
import { ErrorModal } from '#web/components/ui/error-modal';
import { ERROR_CLASS } from '#web/components/ui/form/styles';
import { SubmitButton } from '#web/components/ui/form/submit-button';
import { fieldErrorText } from '#web/components/ui/form/use-field';
import { useFailureModal } from '#web/components/ui/form/use-failure-modal';
import { useZodForm } from '#web/components/ui/form/use-zod-form';
import { LoadingScreen } from '#web/components/ui/loading-screen';
import { ApplyPage } from './apply-page';
import { applyKeys, saveHardships } from './api';
import { useApplication, useBehindLastStep, type ApplicationView } from './application-query';
import { LoadFailure } from '#web/components/ui/load-failure';
import { RecordView, SAVE_MESSAGES } from './save-page';

// The question and the options are the domain's HARDSHIPS_QUESTION and HARDSHIP_LABELS, word for word (the
// English tests read them from there).
const M = defineMessages({
  title: { id: 'apply.hardships.title', defaultMessage: 'Your situation' },
  question: {
    id: 'apply.hardships.question',
    defaultMessage: 'Are you currently facing any of the following situations?',
  },
  selectAll: { id: 'apply.hardships.selectAll', defaultMessage: 'Select all that apply' },
});
const OPTIONS = defineMessages({
  hasHousingIssues: {
    id: 'apply.hardships.option.housingIssues',
    defaultMessage: 'Housing issues (repairs, foreclosure or eviction)',
  },
  hasIncreasedMedicalExpenses: {
    id: 'apply.hardships.option.medicalExpenses',
    defaultMessage: 'Increased medical expenses',
  },
  hasReductionInIncome: { id: 'apply.hardships.option.reducedIncome', defaultMessage: 'Reduction in income' },
  isUnemployed: { id: 'apply.hardships.option.unemployed', defaultMessage: 'Unemployment' },
  other: { id: 'apply.hardships.option.other', defaultMessage: 'Other' },
});
const ERROR_ID = 'hardships-error';
const HINT_ID = 'hardships-hint';

/** /hardships: the borrower's current situations, prefilled from what was saved. */
export function Component() {
  const intl = useIntl();
  const application = useApplication();
  const behind = useBehindLastStep(application);
  if (application.isPending || behind) return <LoadingScreen />;
  if (application.isError) {
    return (
      <ApplyPage page="Hardships" title={intl.formatMessage(M.title)}>
        <LoadFailure error={application.error} onRetry={() => void application.refetch()} />
      </ApplyPage>
    );
  }
  // Past inProgress the answers are fixed: go where the application stands.
  const resume = resumeRoute(application.data);
  if (application.data.status !== 'inProgress' && resume !== PAGE_ROUTES.Hardships) {
    return <Navigate to={resume} replace />;
  }
  return (
    <>
      <RecordView page="Hardships" application={application.data} />
      <HardshipsForm
        saved={application.data.hardships}
        completed={hasCompleted(application.data.lastCompletedPage, 'Hardships')}
      />
    </>
  );
}

function HardshipsForm({
  saved,
  completed,
}: {
  saved: ApplicationView['hardships'];
  /** The page was saved before: Continue with the same answers goes on without saving them again. */
  completed: boolean;
}) {
  const intl = useIntl();
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
        failure.show(apiErrorMessage(error));
      } else {
        failure.show(MESSAGE_REFS.saveFailed);
      }
    },
  });

  // Read while rendering, so react-hook-form keeps it up to date.
  const isDirty = form.formState.isDirty;
  const onSubmit = form.handleSubmit(async (values) => {
    // The same answers again would change nothing, and saved answers always lead to /household.
    if (completed && !isDirty) {
      await navigate(PAGE_ROUTES.Household);
      return;
    }
    const answer = await save.run(values);
    if (!answer) return;
    void queryClient.invalidateQueries({ queryKey: applyKeys.application() });
    await navigate(answer.next);
  });

  // The group's rule sits on the first option; ticking any option after a submit must re-check it.
  const revalidateGroup = () => {
    if (form.formState.isSubmitted) void form.trigger(HARDSHIP_KEYS[0]);
  };

  const errorMessage = fieldErrorText(intl, form.formState.errors[HARDSHIP_KEYS[0]]);
  const describedBy = [HINT_ID, errorMessage ? ERROR_ID : undefined].filter(Boolean).join(' ');

  return (
    <ApplyPage page="Hardships" title={intl.formatMessage(M.title)}>
      <form noValidate onSubmit={onSubmit}>
        <fieldset aria-describedby={describedBy}>
          <legend>
            <h1 className="text-2xl font-bold text-gray-900 sm:text-3xl">{intl.formatMessage(M.question)}</h1>
          </legend>
          <p id={HINT_ID} className="mt-2 text-gray-700">
            {intl.formatMessage(M.selectAll)}
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
                <span>{intl.formatMessage(OPTIONS[key])}</span>
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
          {intl.formatMessage(SAVE_MESSAGES.continue)}
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
