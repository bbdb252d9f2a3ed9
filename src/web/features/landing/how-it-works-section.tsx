import { lazy, Suspense, useState } from 'react';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';

// The video modal (and Radix with it) loads on first use; hovering or focusing its button starts the download.
const loadVideoModal = () => import('#web/components/ui/video-modal');
const VideoModal = lazy(() => loadVideoModal().then((m) => ({ default: m.VideoModal })));
const preloadVideoModal = () => void loadVideoModal().catch(() => undefined);

const STEPS = [
  defineMessages({
    title: { id: 'lead.howItWorks.apply.title', defaultMessage: 'Apply in minutes' },
    text: {
      id: 'lead.howItWorks.apply.text',
      defaultMessage:
        'Complete a quick application with your personal details and verify your email to create your account.',
    },
  }),
  defineMessages({
    title: { id: 'lead.howItWorks.debts.title', defaultMessage: 'Verify your debts' },
    text: {
      id: 'lead.howItWorks.debts.text',
      defaultMessage:
        'Allow a credit report pull so we can verify your card balances. It does not affect your credit score.',
    },
  }),
  defineMessages({
    title: { id: 'lead.howItWorks.budget.title', defaultMessage: 'Confirm your budget' },
    text: {
      id: 'lead.howItWorks.budget.text',
      defaultMessage:
        'Verify your monthly income and household expenses so your plan fits what you can afford.',
    },
  }),
  defineMessages({
    title: { id: 'lead.howItWorks.savings.title', defaultMessage: 'See your savings' },
    text: {
      id: 'lead.howItWorks.savings.text',
      defaultMessage:
        'See right away how much you can save, and accept debt relief offers from your creditors.',
    },
  }),
];

type HowItWorksSectionProps = {
  /** The promo video's address; without one there is no video button (never a button to nothing). */
  videoUrl: string | undefined;
};

export function HowItWorksSection({ videoUrl }: HowItWorksSectionProps) {
  const intl = useIntl();
  // The modal mounts on first opening and then stays, so focus can return to the button when it closes.
  const [video, setVideo] = useState<'unloaded' | 'open' | 'closed'>('unloaded');
  return (
    <section id="how-it-works" aria-labelledby="how-it-works-heading" className="bg-white">
      <div className="mx-auto max-w-6xl px-4 py-14 sm:px-6 sm:py-20">
        <h2 id="how-it-works-heading" className="text-center text-3xl font-bold text-gray-900 sm:text-4xl">
          <FormattedMessage id="lead.howItWorks.title" defaultMessage="How it works" />
        </h2>
        <p className="mx-auto mt-3 max-w-2xl text-center text-lg text-gray-700">
          <FormattedMessage
            id="lead.howItWorks.intro"
            defaultMessage="Four steps between you and a plan to pay off your credit cards."
          />
        </p>
        <ol className="mt-10 grid gap-4 sm:grid-cols-2 sm:gap-6 lg:grid-cols-4">
          {STEPS.map((step, i) => (
            <li
              key={step.title.id}
              className="flex gap-4 rounded-2xl border border-gray-200 p-5 sm:block sm:p-6"
            >
              <span
                aria-hidden="true"
                className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-700 text-lg font-bold text-white"
              >
                {i + 1}
              </span>
              <div>
                <h3 className="pt-1.5 text-lg font-semibold text-gray-900 sm:mt-4 sm:pt-0">
                  <span className="sr-only">
                    <FormattedMessage
                      id="lead.howItWorks.stepNumber"
                      defaultMessage="Step {number}: "
                      values={{ number: i + 1 }}
                    />
                  </span>
                  {intl.formatMessage(step.title)}
                </h3>
                <p className="mt-1 text-gray-700 sm:mt-2">{intl.formatMessage(step.text)}</p>
              </div>
            </li>
          ))}
        </ol>
        {videoUrl && (
          <div className="mt-10 flex justify-center">
            <button
              type="button"
              onClick={() => setVideo('open')}
              onPointerEnter={preloadVideoModal}
              onFocus={preloadVideoModal}
              onTouchStart={preloadVideoModal}
              className="inline-flex min-h-12 items-center gap-2 rounded-lg border-2 border-brand-700 px-6 font-semibold text-brand-800 hover:bg-brand-50"
            >
              <svg
                viewBox="0 0 24 24"
                aria-hidden="true"
                className="size-6"
                fill="none"
                stroke="currentColor"
                strokeWidth="1.8"
              >
                <circle cx="12" cy="12" r="9" />
                <path d="M10 8.5l5.5 3.5-5.5 3.5z" fill="currentColor" />
              </svg>
              <FormattedMessage id="lead.howItWorks.watchVideo" defaultMessage="Watch the video" />
            </button>
            {video !== 'unloaded' && (
              <Suspense fallback={null}>
                <VideoModal
                  open={video === 'open'}
                  onOpenChange={(open) => setVideo(open ? 'open' : 'closed')}
                  url={videoUrl}
                />
              </Suspense>
            )}
          </div>
        )}
      </div>
    </section>
  );
}
