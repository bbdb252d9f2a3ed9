import { FormattedMessage, useIntl } from 'react-intl';
import { Bar, BarChart, Cell, LabelList, XAxis, YAxis } from 'recharts';
import { formatDollars } from '#domain/money/cents';

// Kept in its own module and imported lazily by the review page: recharts is large and only this page uses it.

export type OffersComparison = {
  /** Estimated minimum monthly payment total today, cents. */
  currentMonthlyPayment: number;
  /** What the debts cost in all at today's estimated payments, cents; null when they are never paid off. */
  currentRepaymentAmount: number | null;
  /** null when never paid off. */
  currentPayoffMonths: number | null;
  newMonthlyPayment: number;
  /** What the plan costs in all (balances, interest and fees), cents. */
  newRepaymentAmount: number;
  termInMonths: number;
};

const CURRENT_COLOR = '#9ca3af';
// The brand-700 colour of styles.css (SVG fill attributes take no CSS variables everywhere).
const PLAN_COLOR = '#0f766e';
const CHART_HEIGHT = 200;

type Bars = { name: string; value: number; fill: string }[];

function PairChart({ title, bars }: { title: string; bars: Bars }) {
  return (
    <div className="min-w-0 flex-1">
      <p className="text-sm font-semibold text-gray-800">{title}</p>
      {/* The table below carries the same figures for screen readers and keyboards. */}
      <div aria-hidden="true" className="mt-1">
        <BarChart
          responsive
          accessibilityLayer={false}
          data={bars}
          margin={{ top: 24, right: 8, bottom: 0, left: 8 }}
          style={{ width: '100%', height: CHART_HEIGHT }}
        >
          <XAxis dataKey="name" tickLine={false} axisLine={false} tick={{ fontSize: 12 }} interval={0} />
          <YAxis hide domain={[0, 'dataMax']} />
          <Bar dataKey="value" radius={[6, 6, 0, 0]} isAnimationActive={false} maxBarSize={72}>
            {bars.map((bar) => (
              <Cell key={bar.name} fill={bar.fill} />
            ))}
            <LabelList
              dataKey="value"
              position="top"
              formatter={(value) => formatDollars(Number(value))}
              style={{ fontSize: 13, fontWeight: 600, fill: '#111827' }}
            />
          </Bar>
        </BarChart>
      </div>
    </div>
  );
}

/**
 * Current debt terms against the plan: the monthly payment and the total repaid,
 * as two bar pairs (their scales differ by far), with the figures in a table as the text alternative.
 */
export function OffersComparisonChart({ comparison }: { comparison: OffersComparison }) {
  const intl = useIntl();
  const pair = (current: number, plan: number): Bars => [
    {
      name: intl.formatMessage({ id: 'apply.offers.chart.current', defaultMessage: 'Current' }),
      value: current,
      fill: CURRENT_COLOR,
    },
    {
      name: intl.formatMessage({ id: 'apply.offers.chart.plan', defaultMessage: 'Plan' }),
      value: plan,
      fill: PLAN_COLOR,
    },
  ];
  const currentTerms = intl.formatMessage({
    id: 'apply.offers.chart.currentTerms',
    defaultMessage: 'Current debt terms',
  });
  const planLabel = intl.formatMessage({
    id: 'apply.offers.chart.planLabel',
    defaultMessage: 'Debt Management Plan',
  });
  // Where a figure of the current terms does not exist: a payment that never covers its interest.
  const never = intl.formatMessage({ id: 'apply.offers.neverPaidOff', defaultMessage: 'Never paid off' });
  const monthlyPayment = intl.formatMessage({
    id: 'apply.offers.chart.monthlyPayment',
    defaultMessage: 'Monthly payment',
  });
  const totalRepayment = intl.formatMessage({
    id: 'apply.offers.chart.totalRepayment',
    defaultMessage: 'Total repayment',
  });
  const rows: [label: string, current: string, plan: string][] = [
    [
      monthlyPayment,
      formatDollars(comparison.currentMonthlyPayment),
      formatDollars(comparison.newMonthlyPayment),
    ],
    [
      totalRepayment,
      comparison.currentRepaymentAmount === null ? never : formatDollars(comparison.currentRepaymentAmount),
      formatDollars(comparison.newRepaymentAmount),
    ],
    [
      intl.formatMessage({ id: 'apply.offers.chart.months', defaultMessage: 'Months to pay off' }),
      comparison.currentPayoffMonths === null ? never : String(comparison.currentPayoffMonths),
      String(comparison.termInMonths),
    ],
  ];
  return (
    <figure className="rounded-xl border border-gray-200 p-4">
      <figcaption className="font-semibold text-gray-900">
        <FormattedMessage
          id="apply.offers.chart.caption"
          defaultMessage="Current debt terms compared with a Debt Management Plan"
        />
      </figcaption>
      <div className="mt-3 flex flex-col gap-4 sm:flex-row">
        <PairChart
          title={monthlyPayment}
          bars={pair(comparison.currentMonthlyPayment, comparison.newMonthlyPayment)}
        />
        {/* A debt never paid off has no total to draw: the table says so instead. */}
        {comparison.currentRepaymentAmount !== null && (
          <PairChart
            title={totalRepayment}
            bars={pair(comparison.currentRepaymentAmount, comparison.newRepaymentAmount)}
          />
        )}
      </div>
      <table className="mt-4 w-full text-sm text-gray-900">
        <thead className="text-xs text-gray-700">
          <tr>
            <td />
            <th scope="col" className="px-2 py-1 text-right font-semibold">
              {currentTerms}
            </th>
            <th scope="col" className="px-2 py-1 text-right font-semibold">
              {planLabel}
            </th>
          </tr>
        </thead>
        <tbody className="tabular-nums">
          {rows.map(([label, current, plan]) => (
            <tr key={label} className="border-t border-gray-200">
              <th scope="row" className="px-2 py-1.5 text-left font-medium">
                {label}
              </th>
              <td className="px-2 py-1.5 text-right">{current}</td>
              <td className="px-2 py-1.5 text-right font-semibold text-brand-800">{plan}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
