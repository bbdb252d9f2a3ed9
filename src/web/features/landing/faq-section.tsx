import { defineMessages, FormattedMessage, useIntl, type MessageDescriptor } from 'react-intl';
import { SITE } from '#domain/site';
import { ChevronIcon } from './icons';
import { usePlanFeeText } from './plan-fee-messages';

// Each message takes the same values (some use none of them): plain descriptors.
const FAQ: { question: MessageDescriptor; answer: MessageDescriptor }[] = [
  defineMessages({
    question: { id: 'lead.faq.what.question', defaultMessage: 'What is {company}?' },
    answer: {
      id: 'lead.faq.what.answer',
      defaultMessage:
        '{company} helps you apply for a debt management plan with a nonprofit credit counseling partner, starting with a free debt analysis. Your creditors agree to lower interest rates or payments, and you pay off your credit cards with one monthly payment instead of many.',
    },
  }),
  defineMessages({
    question: { id: 'lead.faq.free.question', defaultMessage: 'How is it free?' },
    // The same words and figures as the offers page (src/data/plan-fees.json).
    answer: {
      id: 'lead.faq.free.answer',
      defaultMessage: '{free} {fees} Your offer shows every fee in dollars before you agree to it.',
    },
  }),
  defineMessages({
    question: { id: 'lead.faq.when.question', defaultMessage: 'When can I find out how much I can save?' },
    answer: {
      id: 'lead.faq.when.answer',
      defaultMessage:
        'Right away. After the application, which takes about 5 minutes, you get an instant offer that shows your new monthly payment and your estimated savings for each credit card.',
    },
  }),
  defineMessages({
    question: { id: 'lead.faq.pay.question', defaultMessage: 'How do I pay my creditors?' },
    answer: {
      id: 'lead.faq.pay.answer',
      defaultMessage:
        'You make one monthly payment from your checking account, which you connect securely during the application. Your payment is then sent on to each of your creditors under the plan.',
    },
  }),
];

export function FaqSection() {
  const intl = useIntl();
  const fees = usePlanFeeText();
  const values = { company: SITE.companyName, free: fees.free, fees: fees.summary };
  return (
    <section aria-labelledby="faq-heading" className="bg-gray-50">
      <div className="mx-auto max-w-3xl px-4 py-14 sm:px-6 sm:py-20">
        <h2 id="faq-heading" className="text-center text-3xl font-bold text-gray-900 sm:text-4xl">
          <FormattedMessage id="lead.faq.title" defaultMessage="Frequently asked questions" />
        </h2>
        <div className="mt-10 space-y-3">
          {FAQ.map((item) => (
            <details key={item.question.id} className="group rounded-xl border border-gray-200 bg-white">
              <summary className="flex min-h-14 items-center justify-between gap-4 rounded-xl px-5 py-3 text-lg font-semibold text-gray-900">
                {intl.formatMessage(item.question, values)}
                <ChevronIcon className="size-5 shrink-0 text-brand-700 transition-transform group-open:rotate-180 motion-reduce:transition-none" />
              </summary>
              <p className="px-5 pb-5 text-gray-700">{intl.formatMessage(item.answer, values)}</p>
            </details>
          ))}
        </div>
      </div>
    </section>
  );
}
