import type { ReactNode } from 'react';
import { defineMessage, defineMessages, FormattedMessage, useIntl, type MessageDescriptor } from 'react-intl';
import { SITE } from '#domain/site';
import { useDocumentTitle } from '#web/components/layout/use-document-title';
import { ArticleSection, CheckList, MarketingPage } from './marketing-page';
import { usePlanFeeText } from './plan-fee-messages';

// Each step takes the agency's name (only the last one says it): plain descriptors.
const PLAN_STEPS: Record<string, MessageDescriptor> = defineMessages({
  review: {
    id: 'debtRelief.how.review',
    defaultMessage: 'We review your debts, income and expenses to see whether a plan fits your budget.',
  },
  offers: {
    id: 'debtRelief.how.offers',
    defaultMessage:
      'You see an offer for each credit card: a new monthly payment and the months to pay it off, five years or less.',
  },
  accept: {
    id: 'debtRelief.how.accept',
    defaultMessage: 'You accept the offers and set up one monthly payment from your checking account.',
  },
  send: {
    id: 'debtRelief.how.send',
    defaultMessage:
      '{agency} sends the plan to your creditors. Once they accept, your monthly payment is passed on to each of them.',
  },
});

const strong = (chunks: ReactNode[]) => <strong className="text-gray-900">{chunks}</strong>;

/** The tab title; the build also writes it into the page's prerendered HTML. */
export const handle = {
  title: defineMessage({
    id: 'debtRelief.page.title',
    defaultMessage: 'Debt relief with a debt management plan',
  }),
};

export function Component() {
  useDocumentTitle(handle.title);
  const intl = useIntl();
  const fees = usePlanFeeText();
  return (
    <MarketingPage
      eyebrow={intl.formatMessage({ id: 'debtRelief.eyebrow', defaultMessage: 'Debt relief' })}
      title={intl.formatMessage({
        id: 'debtRelief.title',
        defaultMessage: 'Debt relief with a debt management plan',
      })}
      intro={
        <p>
          <FormattedMessage
            id="debtRelief.intro"
            defaultMessage="A debt management plan is a repayment plan arranged with a nonprofit credit counseling agency. You repay what you owe, but your creditors agree to better terms, usually a lower interest rate, so your balances go down faster and your monthly payment is easier to manage."
          />
        </p>
      }
    >
      <ArticleSection
        id="relief-how"
        title={intl.formatMessage({ id: 'debtRelief.how.title', defaultMessage: 'How a plan works' })}
      >
        <ol className="space-y-4">
          {Object.values(PLAN_STEPS).map((step, i) => (
            <li key={step.id} className="flex items-start gap-4">
              <span
                aria-hidden="true"
                className="flex size-8 shrink-0 items-center justify-center rounded-full bg-brand-700 font-bold text-white"
              >
                {i + 1}
              </span>
              <span className="pt-0.5">{intl.formatMessage(step, { agency: SITE.agencyName })}</span>
            </li>
          ))}
        </ol>
      </ArticleSection>

      <ArticleSection
        id="relief-expect"
        title={intl.formatMessage({ id: 'debtRelief.expect.title', defaultMessage: 'What to expect' })}
      >
        <CheckList
          items={[
            {
              title: intl.formatMessage({
                id: 'debtRelief.expect.full.title',
                defaultMessage: 'You repay your balances in full.',
              }),
              text: intl.formatMessage({
                id: 'debtRelief.expect.full.text',
                defaultMessage: 'The savings come from lower interest, not from paying less than you owe.',
              }),
            },
            {
              title: intl.formatMessage({
                id: 'debtRelief.expect.decides.title',
                defaultMessage: 'Each creditor decides.',
              }),
              text: intl.formatMessage({
                id: 'debtRelief.expect.decides.text',
                defaultMessage:
                  'Creditors review their offers one by one; a debt whose offer is declined stays outside the plan.',
              }),
            },
            {
              title: intl.formatMessage({
                id: 'debtRelief.expect.closed.title',
                defaultMessage: 'Enrolled cards are usually closed.',
              }),
              text: intl.formatMessage({
                id: 'debtRelief.expect.closed.text',
                defaultMessage:
                  'Creditors generally close the accounts in the plan, and taking on new credit makes the plan harder to finish.',
              }),
            },
            {
              title: intl.formatMessage({
                id: 'debtRelief.expect.steady.title',
                defaultMessage: 'Steady payments keep the terms.',
              }),
              text: intl.formatMessage({
                id: 'debtRelief.expect.steady.text',
                defaultMessage:
                  'Missing payments can lead creditors to withdraw the lower rates they agreed to.',
              }),
            },
          ]}
        />
      </ArticleSection>

      <ArticleSection
        id="relief-compare"
        title={intl.formatMessage({ id: 'debtRelief.compare.title', defaultMessage: 'How it compares' })}
      >
        <p>
          <FormattedMessage
            id="debtRelief.compare.settlement"
            defaultMessage="<b>Debt settlement</b> tries to pay less than you owe. It usually charges fees and can seriously harm your credit. A debt management plan repays in full, at a lower cost."
            values={{ b: strong }}
          />
        </p>
        <p>
          <FormattedMessage
            id="debtRelief.compare.consolidation"
            defaultMessage="<b>A consolidation loan</b> replaces your cards with one new loan. It only helps if you qualify for a lower rate than your cards charge."
            values={{ b: strong }}
          />
        </p>
        <p>
          <FormattedMessage
            id="debtRelief.compare.bankruptcy"
            defaultMessage="<b>Bankruptcy</b> is a legal process with long-lasting effects on your credit. If you are considering it, speak with a qualified attorney."
            values={{ b: strong }}
          />
        </p>
      </ArticleSection>

      <ArticleSection
        id="relief-cost"
        title={intl.formatMessage({ id: 'debtRelief.cost.title', defaultMessage: 'What it costs' })}
      >
        <p>
          <FormattedMessage
            id="debtRelief.cost.text"
            defaultMessage="{free} {fees} Your offer shows every fee in dollars before you agree to it."
            values={{ free: fees.free, fees: fees.summary }}
          />
        </p>
      </ArticleSection>
    </MarketingPage>
  );
}
