import { FormattedMessage } from 'react-intl';
import { lightButton } from './button-classes';
import { LEAD_FORM_ID } from './focus-lead-form';
import { inPage } from './hero-section';
import { usePlanFeeText } from './plan-fee-messages';

export function BecomeDebtFreeSection({ onGetStarted }: { onGetStarted: () => void }) {
  const fees = usePlanFeeText();
  return (
    <section aria-labelledby="debt-free-heading" className="bg-brand-800 text-white">
      <div className="mx-auto max-w-6xl px-4 py-14 text-center sm:px-6 sm:py-16">
        <h2 id="debt-free-heading" className="text-3xl font-bold sm:text-4xl">
          <FormattedMessage id="lead.debtFree.title" defaultMessage="Become debt free" />
        </h2>
        <p className="mx-auto mt-3 max-w-xl text-lg text-brand-50">
          <FormattedMessage
            id="lead.debtFree.text"
            defaultMessage="Find out in under 5 minutes how much you could save on your credit card payments."
          />
        </p>
        <a href={`#${LEAD_FORM_ID}`} onClick={inPage(onGetStarted)} className={`${lightButton} mt-8`}>
          <FormattedMessage id="landing.getStarted" defaultMessage="Get Started" />
        </a>
        <p className="mt-5 text-lg font-semibold">
          <FormattedMessage
            id="lead.debtFree.free"
            defaultMessage="<highlight>FREE!</highlight> Your debt analysis and credit counseling."
            values={{ highlight: (chunks) => <span className="text-accent-400">{chunks}</span> }}
          />
        </p>
        <p className="mx-auto mt-2 max-w-xl text-sm text-brand-50">{fees.summary}</p>
      </div>
    </section>
  );
}
