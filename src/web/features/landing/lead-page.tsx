import { lazy, Suspense, useEffect, useState } from 'react';
import { defineMessage, FormattedMessage } from 'react-intl';
import type { LeadFormAnswer } from '#domain/validation/lead-form-answer';
import { useNavigation } from '#web/components/layout/navigation';
import { useDocumentTitle } from '#web/components/layout/use-document-title';
import { promoVideoUrl } from '#web/site-links';
import { BecomeDebtFreeSection } from './become-debt-free-section';
import { FaqSection } from './faq-section';
import { focusLeadForm, isFocusLeadFormState, LEAD_FORM_ID } from './focus-lead-form';
import { HeroSection } from './hero-section';
import { HowItWorksSection } from './how-it-works-section';
import { DeferredLeadForm, loadLeadForm } from './deferred-lead-form';
import { LegalDisclosure } from './legal-disclosure';
import { PartnersSection } from './partners-section';
import { SecurityBanner } from './security-banner';
import { WhySection } from './why-section';

// The modal (and Radix with it) loads on first use, keeping the landing chunk small; hovering or focusing
// its trigger starts the download early.
const loadHowItWorksModal = () => import('#web/components/ui/how-it-works-modal');
const HowItWorksModal = lazy(() => loadHowItWorksModal().then((m) => ({ default: m.HowItWorksModal })));

/** A modal that mounts on first opening and then stays mounted, so Radix can return focus on close. */
function useLazyModal() {
  const [state, setState] = useState<'unloaded' | 'open' | 'closed'>('unloaded');
  return {
    mounted: state !== 'unloaded',
    open: state === 'open',
    show: () => setState('open'),
    onOpenChange: (open: boolean) => setState(open ? 'open' : 'closed'),
  };
}

/** The tab title; the build also writes it into the page's prerendered HTML. */
export const handle = {
  title: defineMessage({ id: 'lead.page.title', defaultMessage: 'Pay off your credit cards' }),
};

/** What the page needs before it can be drawn whole: the lead form's code (the build and the router await it). */
export const preload = () => loadLeadForm();

/** The build draws the page as the server answers a lead form sent without the script (or as usual: undefined). */
export const prepareAnswer = async (answer: LeadFormAnswer | undefined) =>
  (await loadLeadForm()).setLeadFormAnswer(answer);

export function Component() {
  useDocumentTitle(handle.title);
  const howItWorks = useLazyModal();
  const { location } = useNavigation();

  // Get Started from another page or from the How it Works modal arrives with this state.
  useEffect(() => {
    if (isFocusLeadFormState(location.state)) focusLeadForm();
  }, [location.key, location.state]);

  const preloadHowItWorks = () => void loadHowItWorksModal();

  return (
    <>
      <HeroSection
        onGetStarted={focusLeadForm}
        onSeeHowItWorks={howItWorks.show}
        onPreloadHowItWorks={preloadHowItWorks}
        form={
          <section
            id={LEAD_FORM_ID}
            aria-labelledby="lead-form-heading"
            className="scroll-mt-4 rounded-2xl bg-white p-5 shadow-lg ring-1 ring-gray-200 sm:p-7"
          >
            <h2 id="lead-form-heading" className="text-xl font-bold text-gray-900 sm:text-2xl">
              <FormattedMessage id="lead.formCard.title" defaultMessage="See how much you can save" />
            </h2>
            <p className="mt-1 text-gray-700">
              <FormattedMessage
                id="lead.formCard.subtitle"
                defaultMessage="Free, and it takes under 5 minutes."
              />
            </p>
            <DeferredLeadForm />
          </section>
        }
      />
      <HowItWorksSection videoUrl={promoVideoUrl()} />
      <WhySection />
      <PartnersSection />
      <FaqSection />
      <SecurityBanner />
      <BecomeDebtFreeSection onGetStarted={focusLeadForm} />
      <LegalDisclosure />

      <Suspense fallback={null}>
        {howItWorks.mounted && (
          <HowItWorksModal open={howItWorks.open} onOpenChange={howItWorks.onOpenChange} />
        )}
      </Suspense>
    </>
  );
}
