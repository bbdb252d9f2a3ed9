import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { FormProvider } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { SITE } from '#domain/site';
import { leadSchema } from '#domain/validation/account';
import { utmFromSearchParams, type UtmInput } from '#domain/validation/application';
import { LIMITS } from '#domain/validation/limits';
import { MESSAGES } from '#domain/validation/messages';
import { ApiError } from '#web/app/api';
import { refreshSession } from '#web/app/session';
import { CheckboxField } from '#web/components/ui/form/checkbox-field';
import { EmailField } from '#web/components/ui/form/email-field';
import { PhoneField } from '#web/components/ui/form/phone-field';
import { applyServerFieldErrors } from '#web/components/ui/form/server-errors';
import { SubmitButton } from '#web/components/ui/form/submit-button';
import { TextField } from '#web/components/ui/form/text-field';
import { useFailureModal } from '#web/components/ui/form/use-failure-modal';
import { useZodForm } from '#web/components/ui/form/use-zod-form';
import { createLead } from './api';

// The error modal (and Radix with it) loads only when a submit fails: the landing chunk stays small.
const ErrorModal = lazy(() =>
  import('#web/components/ui/error-modal').then((m) => ({ default: m.ErrorModal })),
);

/**
 * The campaign parameters of the page's query string, as the API takes them: long values are cut and
 * characters no form field takes are dropped, so a campaign link never blocks a lead.
 */
export const utmFromSearch = (params: URLSearchParams): UtmInput => utmFromSearchParams(params);

const LINK_CLASS = 'font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800';

/** The first form of the application: creates the account and signs the visitor in. */
export function LeadForm() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const failure = useFailureModal();
  const form = useZodForm(leadSchema, {
    firstName: '',
    lastName: '',
    email: '',
    phoneNumber: '',
    agreedToTerms: false,
  });

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const answer = await createLead({ ...values, utm: utmFromSearch(params) });
      await refreshSession(queryClient);
      await navigate(answer.next);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'UsernameExistsException') {
        form.setError('email', { type: 'server', message: error.message }, { shouldFocus: true });
        return;
      }
      const fields = ['firstName', 'lastName', 'email', 'phoneNumber', 'agreedToTerms'] as const;
      if (!applyServerFieldErrors(form, error, fields)) {
        failure.show(error instanceof Error && error.message ? error.message : MESSAGES.saveFailed);
      }
    }
  });

  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={onSubmit} className="space-y-4" aria-label="Start your application">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField name="firstName" label="First name" autoComplete="given-name" maxLength={LIMITS.name} />
          <TextField name="lastName" label="Last name" autoComplete="family-name" maxLength={LIMITS.name} />
        </div>
        <EmailField name="email" />
        <PhoneField name="phoneNumber" label="Phone number" />
        <CheckboxField
          name="agreedToTerms"
          label={
            <>
              I agree to the{' '}
              <a
                href={SITE.marketing.termsAndConditions}
                target="_blank"
                rel="noreferrer"
                className={LINK_CLASS}
              >
                Terms and Conditions
              </a>{' '}
              and the{' '}
              <a href={SITE.marketing.privacyPolicy} target="_blank" rel="noreferrer" className={LINK_CLASS}>
                Privacy Policy
              </a>
              .
            </>
          }
        />
        <SubmitButton busy={form.formState.isSubmitting}>Get Started</SubmitButton>
        <p className="text-center text-sm text-gray-700">
          Already applied?{' '}
          <Link to="/sign-in" className={LINK_CLASS}>
            Sign in
          </Link>
        </p>
      </form>
      {failure.props.open || failure.props.message ? (
        <Suspense fallback={null}>
          <ErrorModal {...failure.props} />
        </Suspense>
      ) : null}
    </FormProvider>
  );
}
