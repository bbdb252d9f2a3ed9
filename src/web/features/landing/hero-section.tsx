import type { MouseEvent, ReactNode } from 'react';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import { primaryButton, textButton } from './button-classes';
import { LEAD_FORM_ID } from './focus-lead-form';
import { CheckIcon } from './icons';
import { HELD_CLICK_ATTRIBUTE } from '#web/held-clicks';

/** A link's click handled in the page: the script does what the plain link would only scroll to. */
export const inPage = (action: () => void) => (event: MouseEvent<HTMLAnchorElement>) => {
  event.preventDefault();
  action();
};

const BENEFITS = [
  defineMessages({
    title: { id: 'lead.hero.benefit.free.title', defaultMessage: 'Free' },
    text: {
      id: 'lead.hero.benefit.free.text',
      defaultMessage: 'Your debt analysis and counseling cost nothing.',
    },
  }),
  defineMessages({
    title: { id: 'lead.hero.benefit.fast.title', defaultMessage: 'Fast' },
    text: {
      id: 'lead.hero.benefit.fast.text',
      defaultMessage: 'Apply in under 5 minutes and get an instant offer.',
    },
  }),
  defineMessages({
    title: { id: 'lead.hero.benefit.simple.title', defaultMessage: 'Simple' },
    text: {
      id: 'lead.hero.benefit.simple.text',
      defaultMessage: 'One monthly payment for all your credit cards.',
    },
  }),
];

type HeroSectionProps = {
  onGetStarted: () => void;
  onSeeHowItWorks: () => void;
  onPreloadHowItWorks: () => void;
  /** The lead form card, beside the text on wide screens and below it on phones. */
  form: ReactNode;
};

export function HeroSection({ onGetStarted, onSeeHowItWorks, onPreloadHowItWorks, form }: HeroSectionProps) {
  const intl = useIntl();
  return (
    <section
      aria-labelledby="hero-heading"
      data-in-page-links
      className="bg-gradient-to-b from-brand-50 to-white"
    >
      <div className="mx-auto grid max-w-6xl items-start gap-10 px-4 py-10 sm:px-6 sm:py-14 lg:grid-cols-[1fr_28rem] lg:gap-14 lg:py-16">
        <div className="lg:pt-6">
          <h1
            id="hero-heading"
            className="text-3xl leading-tight font-extrabold tracking-tight text-gray-900 sm:text-5xl"
          >
            <FormattedMessage
              id="lead.hero.title"
              defaultMessage="The free way to pay off your credit cards"
            />
          </h1>
          <p className="mt-4 text-lg text-gray-700 sm:text-xl">
            <FormattedMessage
              id="lead.hero.intro"
              defaultMessage="Lower your monthly payments with one simple plan. It takes under 5 minutes to see how much you could save."
            />
          </p>
          <ul className="mt-6 space-y-3">
            {BENEFITS.map((benefit) => (
              <li key={benefit.title.id} className="flex items-start gap-3">
                <span className="flex size-7 shrink-0 items-center justify-center rounded-full bg-brand-700 text-white">
                  <CheckIcon className="size-4" />
                </span>
                <span className="leading-7 text-gray-800">
                  <FormattedMessage
                    id="lead.hero.benefit"
                    defaultMessage="<b>{title}.</b> {text}"
                    values={{
                      b: (chunks) => <strong className="font-bold text-gray-900">{chunks}</strong>,
                      title: intl.formatMessage(benefit.title),
                      text: intl.formatMessage(benefit.text),
                    }}
                  />
                </span>
              </li>
            ))}
          </ul>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:items-center sm:gap-6">
            {/* Links to the sections, so they answer before the page's script has run (or without one); the
                script then focuses the form, or opens the video instead of scrolling. */}
            <a href={`#${LEAD_FORM_ID}`} onClick={inPage(onGetStarted)} className={primaryButton}>
              <FormattedMessage id="landing.getStarted" defaultMessage="Get Started" />
            </a>
            <a
              href="#how-it-works"
              // A tap before the page is taken over opens the video once it is, rather than only scrolling.
              {...{ [HELD_CLICK_ATTRIBUTE]: '' }}
              onClick={inPage(onSeeHowItWorks)}
              onPointerEnter={onPreloadHowItWorks}
              onFocus={onPreloadHowItWorks}
              onTouchStart={onPreloadHowItWorks}
              className={`${textButton} justify-center sm:justify-start`}
            >
              <FormattedMessage id="lead.hero.seeHowItWorks" defaultMessage="See how it works" />
            </a>
          </div>
          <p className="mt-4 text-sm text-gray-700">
            <FormattedMessage
              id="lead.hero.creditScore"
              defaultMessage="Checking your options does not affect your credit score."
            />
          </p>
        </div>
        {form}
      </div>
    </section>
  );
}
