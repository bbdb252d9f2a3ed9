import { defineMessage, FormattedMessage, useIntl, type MessageDescriptor } from 'react-intl';
import { clsx } from 'clsx';
import { useRef, useState, type ReactNode } from 'react';
import { useNavigation } from '../layout/navigation';
import { Modal } from './modal';

type Step = { title: MessageDescriptor; text: MessageDescriptor; icon: ReactNode };

const iconProps = {
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 1.8,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  'aria-hidden': true,
  className: 'size-8',
} as const;

// The five marketing steps of the spec.
const STEPS: Step[] = [
  {
    title: defineMessage({
      id: 'ui.howItWorks.application.title',
      defaultMessage: 'Complete a quick application',
    }),
    text: defineMessage({
      id: 'ui.howItWorks.application.text',
      defaultMessage:
        'Tell us a little about yourself and verify your email to create your account. It takes under 5 minutes.',
    }),
    icon: (
      <svg {...iconProps}>
        <rect x="5" y="3" width="14" height="18" rx="2" />
        <path d="M9 8h6M9 12h6M9 16h3" />
      </svg>
    ),
  },
  {
    title: defineMessage({ id: 'ui.howItWorks.credit.title', defaultMessage: 'Allow a credit report pull' }),
    text: defineMessage({
      id: 'ui.howItWorks.credit.text',
      defaultMessage:
        'We check your credit report to verify your card balances. This does not affect your credit score.',
    }),
    icon: (
      <svg {...iconProps}>
        <circle cx="11" cy="11" r="6" />
        <path d="M20 20l-4.5-4.5" />
      </svg>
    ),
  },
  {
    title: defineMessage({
      id: 'ui.howItWorks.income.title',
      defaultMessage: 'Verify your income and expenses',
    }),
    text: defineMessage({
      id: 'ui.howItWorks.income.text',
      defaultMessage:
        'Confirm your monthly household income and review the estimated expenses we prepare for you.',
    }),
    icon: (
      <svg {...iconProps}>
        <path d="M4 19h16M7 16V10M12 16V6M17 16v-4" />
      </svg>
    ),
  },
  {
    title: defineMessage({ id: 'ui.howItWorks.save.title', defaultMessage: 'See how much you can save' }),
    text: defineMessage({
      id: 'ui.howItWorks.save.text',
      defaultMessage:
        'Get an instant offer showing your new monthly payment and accept debt relief offers from your creditors.',
    }),
    icon: (
      <svg {...iconProps}>
        <circle cx="12" cy="12" r="8" />
        <path d="M12 8v8M14.5 9.5c-.5-.9-1.4-1.5-2.5-1.5-1.4 0-2.5.8-2.5 2s1.1 1.6 2.5 2 2.5.8 2.5 2-1.1 2-2.5 2c-1.1 0-2-.6-2.5-1.5" />
      </svg>
    ),
  },
  {
    title: defineMessage({ id: 'ui.howItWorks.payment.title', defaultMessage: 'Make one monthly payment' }),
    text: defineMessage({
      id: 'ui.howItWorks.payment.text',
      defaultMessage:
        'Securely connect your primary checking account and pay all your creditors through one simple monthly payment.',
    }),
    icon: (
      <svg {...iconProps}>
        <path d="M3 10l9-6 9 6M5 10v8M9.5 10v8M14.5 10v8M19 10v8M3 20h18" />
      </svg>
    ),
  },
];

export type HowItWorksModalProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/** A five-step slider: Next Steps advances, Get Started on the last step goes to the lead form. */
export function HowItWorksModal({ open, onOpenChange }: HowItWorksModalProps) {
  const intl = useIntl();
  const [step, setStep] = useState(0);
  const goToForm = useRef(false);
  const { location, navigate } = useNavigation();
  const last = step === STEPS.length - 1;

  function handleOpenChange(next: boolean) {
    // Every opening starts from the first step.
    if (!next) setStep(0);
    onOpenChange(next);
  }

  return (
    <Modal
      open={open}
      onOpenChange={handleOpenChange}
      title={intl.formatMessage({ id: 'ui.howItWorks.title', defaultMessage: 'How it works' })}
      size="md"
      onCloseAutoFocus={(event) => {
        if (!goToForm.current) return;
        goToForm.current = false;
        // Focus goes to the form's first field, not back to the button that opened the modal.
        event.preventDefault();
        // On /lead itself the query string (utm parameters) stays. The lead page reads this state.
        const onLead = location.pathname === '/lead';
        void navigate(
          { pathname: '/lead', search: onLead ? location.search : '' },
          { replace: onLead, state: { focusLeadForm: true } },
        );
      }}
    >
      <p className="mt-1 text-sm font-medium text-brand-700" aria-live="polite">
        <FormattedMessage
          id="ui.howItWorks.stepOf"
          defaultMessage="Step {step} of {count}"
          values={{ step: step + 1, count: STEPS.length }}
        />
      </p>
      <div className="mt-4 overflow-hidden">
        <ol
          className="flex transition-transform duration-300 ease-out motion-reduce:transition-none"
          style={{ transform: `translateX(-${step * 100}%)` }}
        >
          {STEPS.map((s, i) => (
            <li key={s.title.id} className="w-full shrink-0 px-1" aria-hidden={i !== step} inert={i !== step}>
              <div className="flex size-16 items-center justify-center rounded-full bg-brand-50 text-brand-700">
                {s.icon}
              </div>
              <h3 className="mt-4 text-lg font-semibold text-gray-900">{intl.formatMessage(s.title)}</h3>
              <p className="mt-2 text-gray-700">{intl.formatMessage(s.text)}</p>
            </li>
          ))}
        </ol>
      </div>

      <div
        className="mt-6 flex items-center justify-center gap-1"
        role="group"
        aria-label={intl.formatMessage({ id: 'ui.howItWorks.steps', defaultMessage: 'Steps' })}
      >
        {STEPS.map((s, i) => (
          <button
            key={s.title.id}
            type="button"
            onClick={() => setStep(i)}
            aria-label={intl.formatMessage(
              { id: 'ui.howItWorks.stepLabel', defaultMessage: 'Step {step}: {title}' },
              { step: i + 1, title: intl.formatMessage(s.title) },
            )}
            aria-current={i === step ? 'step' : undefined}
            className="inline-flex size-8 items-center justify-center rounded-full"
          >
            <span
              aria-hidden="true"
              className={clsx(
                'block size-2.5 rounded-full transition-colors',
                i === step ? 'bg-brand-700' : 'bg-gray-300',
              )}
            />
          </button>
        ))}
      </div>

      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        {step > 0 && (
          <button
            type="button"
            onClick={() => setStep(step - 1)}
            className="min-h-11 rounded-lg border border-gray-300 px-5 font-semibold text-gray-800 hover:bg-gray-100"
          >
            <FormattedMessage id="ui.howItWorks.back" defaultMessage="Back" />
          </button>
        )}
        {last ? (
          <button
            type="button"
            onClick={() => {
              goToForm.current = true;
              handleOpenChange(false);
            }}
            className="min-h-11 rounded-lg bg-brand-700 px-6 font-semibold text-white hover:bg-brand-800"
          >
            <FormattedMessage id="ui.howItWorks.getStarted" defaultMessage="Get Started" />
          </button>
        ) : (
          <button
            type="button"
            onClick={() => setStep(step + 1)}
            className="min-h-11 rounded-lg bg-brand-700 px-6 font-semibold text-white hover:bg-brand-800"
          >
            <FormattedMessage id="ui.howItWorks.next" defaultMessage="Next Steps" />
          </button>
        )}
      </div>
    </Modal>
  );
}
