import { FormattedMessage, useIntl } from 'react-intl';
import { Area, CartesianGrid, ComposedChart, Line, XAxis, YAxis } from 'recharts';
import type { PlanView } from '#domain/enrollment/views';

// Kept in its own module and imported lazily by the plan page: recharts is large and only two pages use it.

const PLAN_COLOR = '#0f766e';
const CURRENT_COLOR = '#9ca3af';
const ACTUAL_COLOR = '#1d4ed8';
const CHART_HEIGHT = 240;

type Point = { month: number; plan?: number; current?: number; actual?: number };

/** The projection's months and the actual ones, in one series by month (a month of either has its values). */
function merged(points: PlanView['payoff']['points'], actual: PlanView['payoff']['actual']): Point[] {
  const byMonth = new Map<number, Point>(points.map((p) => [p.month, { ...p }]));
  for (const a of actual) byMonth.set(a.month, { ...byMonth.get(a.month), month: a.month, actual: a.actual });
  return [...byMonth.values()].sort((a, b) => a.month - b.month);
}

/**
 * The remaining balance month by month, on the plan and at current minimum payments, and, after the hand-over,
 * what the creditors actually reported against it. A picture only: the page's sentence above it carries the
 * figures for screen readers.
 */
export function PayoffChart({
  points,
  actual = [],
}: {
  points: PlanView['payoff']['points'];
  actual?: PlanView['payoff']['actual'];
}) {
  const intl = useIntl();
  return (
    <div aria-hidden="true">
      <ul className="flex flex-wrap gap-x-5 gap-y-1 text-sm text-gray-700">
        <li className="flex items-center gap-2">
          <span className="inline-block h-1 w-5 rounded" style={{ backgroundColor: PLAN_COLOR }} />
          <FormattedMessage id="portal.chart.plan" defaultMessage="On the plan" />
        </li>
        <li className="flex items-center gap-2">
          <span className="inline-block h-1 w-5 rounded" style={{ backgroundColor: CURRENT_COLOR }} />
          <FormattedMessage id="portal.chart.current" defaultMessage="At current minimum payments" />
        </li>
        {actual.length > 0 && (
          <li className="flex items-center gap-2">
            <span className="inline-block h-1 w-5 rounded" style={{ backgroundColor: ACTUAL_COLOR }} />
            <FormattedMessage id="portal.chart.actual" defaultMessage="What your creditors reported" />
          </li>
        )}
      </ul>
      <ComposedChart
        responsive
        accessibilityLayer={false}
        data={merged(points, actual)}
        margin={{ top: 12, right: 8, bottom: 0, left: 0 }}
        style={{ width: '100%', height: CHART_HEIGHT }}
      >
        <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="#e5e7eb" />
        <XAxis
          dataKey="month"
          type="number"
          domain={[0, 'dataMax']}
          tickLine={false}
          tick={{ fontSize: 12 }}
          tickFormatter={(month: number) =>
            intl.formatMessage({ id: 'portal.chart.month', defaultMessage: '{month} mo' }, { month })
          }
        />
        <YAxis
          width={56}
          tickLine={false}
          axisLine={false}
          tick={{ fontSize: 12 }}
          tickFormatter={(cents: number) =>
            intl.formatNumber(cents / 100, {
              style: 'currency',
              currency: 'USD',
              notation: 'compact',
              maximumFractionDigits: 1,
            })
          }
        />
        <Area
          type="monotone"
          dataKey="current"
          stroke={CURRENT_COLOR}
          fill={CURRENT_COLOR}
          fillOpacity={0.15}
          strokeWidth={2}
          isAnimationActive={false}
          connectNulls
        />
        <Area
          type="monotone"
          dataKey="plan"
          stroke={PLAN_COLOR}
          fill={PLAN_COLOR}
          fillOpacity={0.2}
          strokeWidth={2.5}
          isAnimationActive={false}
          connectNulls
        />
        {actual.length > 0 && (
          <Line
            type="linear"
            dataKey="actual"
            stroke={ACTUAL_COLOR}
            strokeWidth={2.5}
            dot={{ r: 3 }}
            isAnimationActive={false}
            connectNulls
          />
        )}
      </ComposedChart>
    </div>
  );
}
