import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { AppLink } from '#web/components/layout/navigation';
import { primaryButton } from './button-classes';
import { FOCUS_LEAD_FORM_STATE, LEAD_FORM_ID } from './focus-lead-form';
import { CheckIcon } from './icons';

/**
 * Get Started on a marketing page: /lead (no query string) at its form, which the lead page then focuses. The
 * address names the form's section so that a tap before the app has taken the page over (an ordinary page
 * load) still lands the visitor on the form, not at the top of /lead.
 */
export function GetStartedLink({ className = '' }: { className?: string }) {
  return (
    <AppLink
      to={`/lead#${LEAD_FORM_ID}`}
      state={FOCUS_LEAD_FORM_STATE}
      className={`${primaryButton} ${className}`}
    >
      <FormattedMessage id="landing.getStarted" defaultMessage="Get Started" />
    </AppLink>
  );
}

type MarketingPageProps = {
  eyebrow: string;
  title: string;
  intro: ReactNode;
  children: ReactNode;
};

/** The frame of the marketing pages: a title band, the article, and a call to action. */
export function MarketingPage({ eyebrow, title, intro, children }: MarketingPageProps) {
  return (
    <>
      <div className="bg-gradient-to-b from-brand-50 to-white">
        <div className="mx-auto max-w-3xl px-4 pt-10 pb-8 sm:px-6 sm:pt-16">
          <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{eyebrow}</p>
          <h1 className="mt-2 text-3xl leading-tight font-extrabold tracking-tight text-gray-900 sm:text-5xl">
            {title}
          </h1>
          <div className="mt-4 text-lg text-gray-700 sm:text-xl">{intro}</div>
          <GetStartedLink className="mt-8" />
        </div>
      </div>
      <article className="mx-auto max-w-3xl space-y-12 px-4 py-10 sm:px-6 sm:py-12">{children}</article>
      <section aria-labelledby="marketing-cta-heading" className="bg-brand-50">
        <div className="mx-auto max-w-3xl px-4 py-12 text-center sm:px-6">
          <h2 id="marketing-cta-heading" className="text-2xl font-bold text-gray-900 sm:text-3xl">
            <FormattedMessage
              id="landing.marketing.cta.title"
              defaultMessage="See your numbers in under 5 minutes"
            />
          </h2>
          <p className="mt-3 text-gray-700">
            <FormattedMessage
              id="landing.marketing.cta.text"
              defaultMessage="Free, no obligation, and checking does not affect your credit score."
            />
          </p>
          <GetStartedLink className="mt-6" />
        </div>
      </section>
    </>
  );
}

export function ArticleSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="text-2xl font-bold text-gray-900 sm:text-3xl">
        {title}
      </h2>
      <div className="mt-4 space-y-4 text-lg text-gray-700">{children}</div>
    </section>
  );
}

export function CheckList({ items }: { items: { title: string; text: ReactNode }[] }) {
  return (
    <ul className="space-y-4">
      {items.map((item) => (
        <li key={item.title} className="flex items-start gap-3">
          <span className="mt-1 flex size-6 shrink-0 items-center justify-center rounded-full bg-brand-700 text-white">
            <CheckIcon className="size-3.5" />
          </span>
          <span>
            <strong className="font-semibold text-gray-900">{item.title}</strong> {item.text}
          </span>
        </li>
      ))}
    </ul>
  );
}
