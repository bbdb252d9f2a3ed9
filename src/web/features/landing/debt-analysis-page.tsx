import { planFeeSummary } from '#domain/underwriting/plan-fees';
import { useDocumentTitle } from '#web/components/layout/use-document-title';
import { ArticleSection, CheckList, MarketingPage } from './marketing-page';

/** The tab title; the build also writes it into the page's prerendered HTML. */
export const handle = { title: 'Free debt analysis' };

export function Component() {
  useDocumentTitle(handle.title);
  return (
    <MarketingPage
      eyebrow="Debt analysis"
      title="A free debt analysis, in under 5 minutes"
      intro={
        <p>
          A debt analysis is a close look at what you owe, what you earn and what you spend. It shows whether
          a debt management plan would lower your credit card payments, and by how much. Ours is free and ends
          with an instant answer. {planFeeSummary()}
        </p>
      }
    >
      <ArticleSection id="analysis-looks-at" title="What we look at">
        <CheckList
          items={[
            {
              title: 'Your unsecured debts.',
              text: 'Balances and payments on credit cards, charge cards, unsecured lines of credit and accounts in collection, verified with a soft credit inquiry that does not affect your credit score.',
            },
            {
              title: 'Your income.',
              text: 'Your total monthly household income, which you state and can confirm by connecting your checking account.',
            },
            {
              title: 'Your expenses.',
              text: "An estimate of your household's monthly costs, such as housing, transportation, food and utilities, which you review and correct so it matches your real budget.",
            },
          ]}
        />
      </ArticleSection>

      <ArticleSection id="analysis-gives" title="What you get">
        <p>As soon as your analysis is complete, you see:</p>
        <CheckList
          items={[
            {
              title: 'An offer for each eligible debt:',
              text: 'its current balance, your estimated current monthly payment, the new monthly payment under a plan, and the number of months to pay it off.',
            },
            {
              title: 'Your estimated savings:',
              text: 'the interest you would save compared with paying the same debts at their current rates.',
            },
            {
              title: 'A plain explanation:',
              text: 'if a plan is not the right fit, for example because your income already covers your payments comfortably, we tell you why.',
            },
          ]}
        />
      </ArticleSection>

      <ArticleSection id="analysis-does-not" title="What it does not do">
        <p>
          A debt analysis does not affect your credit score, and it does not commit you to anything: you
          decide whether to accept the offers. Secured debts such as mortgages and auto loans, and student
          loans, are not part of a plan; their payments are counted in your budget so the plan stays
          affordable.
        </p>
      </ArticleSection>
    </MarketingPage>
  );
}
