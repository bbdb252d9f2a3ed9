import { SITE } from '#domain/site';
import { FREE_SERVICES_TEXT, planFeeSummary } from '#domain/underwriting/plan-fees';
import { ChevronIcon } from './icons';

const FAQ = [
  {
    question: `What is ${SITE.companyName}?`,
    answer: `${SITE.companyName} helps you apply for a debt management plan with a nonprofit credit counseling partner, starting with a free debt analysis. Your creditors agree to lower interest rates or payments, and you pay off your credit cards with one monthly payment instead of many.`,
  },
  {
    question: 'How is it free?',
    // The same words and figures as the offers page (data/plan-fees.json).
    answer: `${FREE_SERVICES_TEXT} ${planFeeSummary()} Your offer shows every fee in dollars before you agree to it.`,
  },
  {
    question: 'When can I find out how much I can save?',
    answer:
      'Right away. After the application, which takes about 5 minutes, you get an instant offer that shows your new monthly payment and your estimated savings for each credit card.',
  },
  {
    question: 'How do I pay my creditors?',
    answer:
      'You make one monthly payment from your checking account, which you connect securely during the application. Your payment is then sent on to each of your creditors under the plan.',
  },
];

export function FaqSection() {
  return (
    <section aria-labelledby="faq-heading" className="bg-gray-50">
      <div className="mx-auto max-w-3xl px-4 py-14 sm:px-6 sm:py-20">
        <h2 id="faq-heading" className="text-center text-3xl font-bold text-gray-900 sm:text-4xl">
          Frequently asked questions
        </h2>
        <div className="mt-10 space-y-3">
          {FAQ.map((item) => (
            <details key={item.question} className="group rounded-xl border border-gray-200 bg-white">
              <summary className="flex min-h-14 items-center justify-between gap-4 rounded-xl px-5 py-3 text-lg font-semibold text-gray-900">
                {item.question}
                <ChevronIcon className="size-5 shrink-0 text-brand-700 transition-transform group-open:rotate-180 motion-reduce:transition-none" />
              </summary>
              <p className="px-5 pb-5 text-gray-700">{item.answer}</p>
            </details>
          ))}
        </div>
      </div>
    </section>
  );
}
