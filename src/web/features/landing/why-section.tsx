import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import { SITE } from '#domain/site';
import { CalendarIcon, GiftIcon, HeartPulseIcon, TrendDownIcon } from './icons';

const TILES = [
  {
    ...defineMessages({
      title: { id: 'lead.why.lower.title', defaultMessage: 'Lower debt and payments' },
      text: {
        id: 'lead.why.lower.text',
        defaultMessage:
          'Creditors can agree to lower interest rates, so your monthly payment can drop and more of it pays down what you owe.',
      },
    }),
    Icon: TrendDownIcon,
  },
  {
    ...defineMessages({
      title: { id: 'lead.why.health.title', defaultMessage: 'Better financial health' },
      text: {
        id: 'lead.why.health.text',
        defaultMessage:
          'A plan with a clear end date, five years or less, and a budget that fits your household.',
      },
    }),
    Icon: HeartPulseIcon,
  },
  {
    ...defineMessages({
      title: { id: 'lead.why.free.title', defaultMessage: 'Free analysis and counseling' },
      text: {
        id: 'lead.why.free.text',
        defaultMessage:
          'Your debt analysis and credit counseling are free. Any plan fee is capped by state law and shown before you agree.',
      },
    }),
    Icon: GiftIcon,
  },
  {
    ...defineMessages({
      title: { id: 'lead.why.onePayment.title', defaultMessage: 'One simple monthly payment' },
      text: {
        id: 'lead.why.onePayment.text',
        defaultMessage:
          'Trade many due dates for one monthly payment from your checking account. We pay your creditors.',
      },
    }),
    Icon: CalendarIcon,
  },
];

export function WhySection() {
  const intl = useIntl();
  return (
    <section aria-labelledby="why-heading" className="bg-brand-50">
      <div className="mx-auto max-w-6xl px-4 py-14 sm:px-6 sm:py-20">
        <h2 id="why-heading" className="text-center text-3xl font-bold text-gray-900 sm:text-4xl">
          <FormattedMessage
            id="lead.why.title"
            defaultMessage="Why {company}?"
            values={{ company: SITE.companyName }}
          />
        </h2>
        <ul className="mt-10 grid gap-4 sm:grid-cols-2 sm:gap-6 lg:grid-cols-4">
          {TILES.map(({ title, text, Icon }) => (
            <li
              key={title.id}
              className="flex gap-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-brand-100 sm:block sm:p-6"
            >
              <Icon className="size-10 shrink-0 text-brand-700" />
              <div>
                <h3 className="pt-1.5 text-lg font-semibold text-gray-900 sm:mt-4 sm:pt-0">
                  {intl.formatMessage(title)}
                </h3>
                <p className="mt-1 text-gray-700 sm:mt-2">{intl.formatMessage(text)}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
