import { clsx } from 'clsx';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import type { Page } from '#domain/flow/pages';

// The consumer flow's progress bar: two named steps and a third icon for the offer.

type Step = 1 | 2 | 3;

/** Which step each flow page belongs to; pages outside the three steps show no bar. */
export const PROGRESS_STEP: Partial<Record<Page, Step>> = {
  Lead: 1,
  Hardships: 1,
  Household: 1,
  Credit: 2,
  EligibleDebts: 2,
  ProvideMonthlyIncome: 2,
  ConfirmIncome: 2,
  Expenses: 2,
  Budget: 3,
  Review: 3,
  // Setting up the payment finishes the offer step.
  NextSteps: 3,
  PaymentAccountOptions: 3,
  ConfirmPaymentAccount: 3,
  ProvidePaymentAccountInformation: 3,
};

const messages = defineMessages({
  step1: { id: 'apply.progress.step1', defaultMessage: 'Personal Information' },
  step2: { id: 'apply.progress.step2', defaultMessage: 'Debt, Income, and Expense Verification' },
  step3: { id: 'apply.progress.step3', defaultMessage: 'Your Offer' },
  navigation: { id: 'apply.progress.label', defaultMessage: 'Application progress' },
});

const STEPS = [
  { step: 1, label: messages.step1 },
  { step: 2, label: messages.step2 },
  { step: 3, label: messages.step3 },
] as const;

function CheckMark() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className="size-5" fill="none" stroke="currentColor">
      <path d="M5 12.5l4.5 4.5L19 7.5" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/** The offer presentment icon: a tag with a percent sign. */
function OfferIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      aria-hidden="true"
      className="size-5"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
    >
      <path
        d="M3.5 12.6V4.5a1 1 0 011-1h8.1a1 1 0 01.7.3l7.4 7.4a1 1 0 010 1.4l-8.1 8.1a1 1 0 01-1.4 0l-7.4-7.4a1 1 0 01-.3-.7z"
        strokeLinejoin="round"
      />
      <path d="M9 15l6-6" strokeLinecap="round" />
      <circle cx="9.5" cy="9.5" r="1" fill="currentColor" />
      <circle cx="14.5" cy="14.5" r="1" fill="currentColor" />
    </svg>
  );
}

export function ProgressBar({ page }: { page: Page }) {
  const intl = useIntl();
  const current = PROGRESS_STEP[page];
  if (current === undefined) return null;
  return (
    <nav aria-label={intl.formatMessage(messages.navigation)}>
      <ol className="flex items-start">
        {STEPS.map(({ step, label: labelMessage }, index) => {
          const label = intl.formatMessage(labelMessage);
          const done = step < current;
          const isCurrent = step === current;
          const isOffer = step === 3;
          return (
            <li
              key={step}
              aria-current={isCurrent ? 'step' : undefined}
              className="relative flex flex-1 flex-col items-center text-center"
            >
              {index > 0 && (
                <span
                  aria-hidden="true"
                  // Joins the previous circle's centre to this one's (every step is equally wide).
                  className={clsx(
                    'absolute top-5 right-1/2 h-0.5 w-full -translate-y-1/2',
                    step <= current ? 'bg-brand-600' : 'bg-gray-300',
                  )}
                />
              )}
              <span
                aria-hidden="true"
                className={clsx(
                  'relative z-10 flex size-10 items-center justify-center rounded-full border-2 text-sm font-bold',
                  done && 'border-brand-700 bg-brand-700 text-white',
                  isCurrent && 'border-brand-700 bg-white text-brand-800 ring-4 ring-brand-100',
                  !done && !isCurrent && 'border-gray-300 bg-white text-gray-500',
                )}
              >
                {isOffer ? <OfferIcon /> : done ? <CheckMark /> : step}
              </span>
              {isOffer ? (
                <span className="sr-only">
                  {intl.formatMessage(
                    { id: 'apply.progress.offerStep', defaultMessage: 'Step {step}, {label}' },
                    { step, label },
                  )}
                </span>
              ) : (
                <span className="mt-2 px-1 text-xs leading-snug sm:text-sm">
                  <span
                    className={clsx('block font-semibold', isCurrent ? 'text-brand-800' : 'text-gray-600')}
                  >
                    <FormattedMessage
                      id="apply.progress.step"
                      defaultMessage="Step {step}"
                      values={{ step }}
                    />
                  </span>
                  <span className={clsx('block', isCurrent ? 'font-medium text-gray-900' : 'text-gray-600')}>
                    {label}
                  </span>
                </span>
              )}
              {done &&
                // prettier-ignore
                <span className="sr-only"> <FormattedMessage id="apply.progress.completed" defaultMessage="(completed)" /></span>}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
