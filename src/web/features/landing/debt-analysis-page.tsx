import { defineMessage, FormattedMessage, useIntl } from 'react-intl';
import { useDocumentTitle } from '#web/components/layout/use-document-title';
import { ArticleSection, CheckList, MarketingPage } from './marketing-page';
import { usePlanFeeText } from './plan-fee-messages';

/** The tab title; the build also writes it into the page's prerendered HTML. */
export const handle = {
  title: defineMessage({ id: 'debtAnalysis.page.title', defaultMessage: 'Free debt analysis' }),
};

export function Component() {
  useDocumentTitle(handle.title);
  const intl = useIntl();
  const fees = usePlanFeeText();
  return (
    <MarketingPage
      eyebrow={intl.formatMessage({ id: 'debtAnalysis.eyebrow', defaultMessage: 'Debt analysis' })}
      title={intl.formatMessage({
        id: 'debtAnalysis.title',
        defaultMessage: 'A free debt analysis, in under 5 minutes',
      })}
      intro={
        <p>
          <FormattedMessage
            id="debtAnalysis.intro"
            defaultMessage="A debt analysis is a close look at what you owe, what you earn and what you spend. It shows whether a debt management plan would lower your credit card payments, and by how much. Ours is free and ends with an instant answer. {fees}"
            values={{ fees: fees.summary }}
          />
        </p>
      }
    >
      <ArticleSection
        id="analysis-looks-at"
        title={intl.formatMessage({ id: 'debtAnalysis.looksAt.title', defaultMessage: 'What we look at' })}
      >
        <CheckList
          items={[
            {
              title: intl.formatMessage({
                id: 'debtAnalysis.looksAt.debts.title',
                defaultMessage: 'Your unsecured debts.',
              }),
              text: intl.formatMessage({
                id: 'debtAnalysis.looksAt.debts.text',
                defaultMessage:
                  'Balances and payments on credit cards, charge cards, unsecured lines of credit and accounts in collection, verified with a soft credit inquiry that does not affect your credit score.',
              }),
            },
            {
              title: intl.formatMessage({
                id: 'debtAnalysis.looksAt.income.title',
                defaultMessage: 'Your income.',
              }),
              text: intl.formatMessage({
                id: 'debtAnalysis.looksAt.income.text',
                defaultMessage:
                  'Your total monthly household income, which you state and can confirm by connecting your checking account.',
              }),
            },
            {
              title: intl.formatMessage({
                id: 'debtAnalysis.looksAt.expenses.title',
                defaultMessage: 'Your expenses.',
              }),
              text: intl.formatMessage({
                id: 'debtAnalysis.looksAt.expenses.text',
                defaultMessage:
                  "An estimate of your household's monthly costs, such as housing, transportation, food and utilities, which you review and correct so it matches your real budget.",
              }),
            },
          ]}
        />
      </ArticleSection>

      <ArticleSection
        id="analysis-gives"
        title={intl.formatMessage({ id: 'debtAnalysis.gives.title', defaultMessage: 'What you get' })}
      >
        <p>
          <FormattedMessage
            id="debtAnalysis.gives.intro"
            defaultMessage="As soon as your analysis is complete, you see:"
          />
        </p>
        <CheckList
          items={[
            {
              title: intl.formatMessage({
                id: 'debtAnalysis.gives.offer.title',
                defaultMessage: 'An offer for each eligible debt:',
              }),
              text: intl.formatMessage({
                id: 'debtAnalysis.gives.offer.text',
                defaultMessage:
                  'its current balance, your estimated current monthly payment, the new monthly payment under a plan, and the number of months to pay it off.',
              }),
            },
            {
              title: intl.formatMessage({
                id: 'debtAnalysis.gives.savings.title',
                defaultMessage: 'Your estimated savings:',
              }),
              text: intl.formatMessage({
                id: 'debtAnalysis.gives.savings.text',
                defaultMessage:
                  'the interest you would save compared with paying the same debts at their current rates.',
              }),
            },
            {
              title: intl.formatMessage({
                id: 'debtAnalysis.gives.explanation.title',
                defaultMessage: 'A plain explanation:',
              }),
              text: intl.formatMessage({
                id: 'debtAnalysis.gives.explanation.text',
                defaultMessage:
                  'if a plan is not the right fit, for example because your income already covers your payments comfortably, we tell you why.',
              }),
            },
          ]}
        />
      </ArticleSection>

      <ArticleSection
        id="analysis-does-not"
        title={intl.formatMessage({
          id: 'debtAnalysis.doesNot.title',
          defaultMessage: 'What it does not do',
        })}
      >
        <p>
          <FormattedMessage
            id="debtAnalysis.doesNot.text"
            defaultMessage="A debt analysis does not affect your credit score, and it does not commit you to anything: you decide whether to accept the offers. Secured debts such as mortgages and auto loans, and student loans, are not part of a plan; their payments are counted in your budget so the plan stays affordable."
          />
        </p>
      </ArticleSection>
    </MarketingPage>
  );
}
