import { FREE_SERVICES_TEXT, planFeeSummary } from '#domain/underwriting/plan-fees';
import { SITE } from '#domain/site';
import { useDocumentTitle } from '#web/components/layout/use-document-title';
import { ArticleSection, CheckList, MarketingPage } from './marketing-page';

const PLAN_STEPS = [
  'We review your debts, income and expenses to see whether a plan fits your budget.',
  'You see an offer for each credit card: a new monthly payment and the months to pay it off, five years or less.',
  'You accept the offers and set up one monthly payment from your checking account.',
  `${SITE.agencyName} sends the plan to your creditors. Once they accept, your monthly payment is passed on to each of them.`,
];

/** The tab title; the build also writes it into the page's prerendered HTML. */
export const handle = { title: 'Debt relief with a debt management plan' };

export function Component() {
  useDocumentTitle(handle.title);
  return (
    <MarketingPage
      eyebrow="Debt relief"
      title="Debt relief with a debt management plan"
      intro={
        <p>
          A debt management plan is a repayment plan arranged with a nonprofit credit counseling agency. You
          repay what you owe, but your creditors agree to better terms, usually a lower interest rate, so your
          balances go down faster and your monthly payment is easier to manage.
        </p>
      }
    >
      <ArticleSection id="relief-how" title="How a plan works">
        <ol className="space-y-4">
          {PLAN_STEPS.map((step, i) => (
            <li key={step} className="flex items-start gap-4">
              <span
                aria-hidden="true"
                className="flex size-8 shrink-0 items-center justify-center rounded-full bg-brand-700 font-bold text-white"
              >
                {i + 1}
              </span>
              <span className="pt-0.5">{step}</span>
            </li>
          ))}
        </ol>
      </ArticleSection>

      <ArticleSection id="relief-expect" title="What to expect">
        <CheckList
          items={[
            {
              title: 'You repay your balances in full.',
              text: 'The savings come from lower interest, not from paying less than you owe.',
            },
            {
              title: 'Each creditor decides.',
              text: 'Creditors review their offers one by one; a debt whose offer is declined stays outside the plan.',
            },
            {
              title: 'Enrolled cards are usually closed.',
              text: 'Creditors generally close the accounts in the plan, and taking on new credit makes the plan harder to finish.',
            },
            {
              title: 'Steady payments keep the terms.',
              text: 'Missing payments can lead creditors to withdraw the lower rates they agreed to.',
            },
          ]}
        />
      </ArticleSection>

      <ArticleSection id="relief-compare" title="How it compares">
        <p>
          <strong className="text-gray-900">Debt settlement</strong> tries to pay less than you owe. It
          usually charges fees and can seriously harm your credit. A debt management plan repays in full, at a
          lower cost.
        </p>
        <p>
          <strong className="text-gray-900">A consolidation loan</strong> replaces your cards with one new
          loan. It only helps if you qualify for a lower rate than your cards charge.
        </p>
        <p>
          <strong className="text-gray-900">Bankruptcy</strong> is a legal process with long-lasting effects
          on your credit. If you are considering it, speak with a qualified attorney.
        </p>
      </ArticleSection>

      <ArticleSection id="relief-cost" title="What it costs">
        <p>
          {FREE_SERVICES_TEXT} {planFeeSummary()} Your offer shows every fee in dollars before you agree to
          it.
        </p>
      </ArticleSection>
    </MarketingPage>
  );
}
