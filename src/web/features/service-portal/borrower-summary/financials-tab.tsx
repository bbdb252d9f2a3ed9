import { clsx } from 'clsx';
import type { ReactNode } from 'react';
import type { BorrowerSummaryView } from '#domain/flow/staff-views';
import { formatDollars } from '#domain/money/cents';
import { Detail, DetailList, formatTimestamp, Missing, SummaryCard } from './summary-overview';

type Financials = BorrowerSummaryView['financials'];

// The financial summary: income, expenses by category, recommended budget, each with
// the fallback message when it is missing. The server supplies those messages.

const NUM = 'px-3 py-1.5 text-right tabular-nums whitespace-nowrap';
const TEXT = 'px-3 py-1.5 text-left';
const HEAD = 'px-3 py-1.5 font-semibold';

const money = (cents: number | null | undefined): ReactNode =>
  cents === null || cents === undefined ? <Missing /> : formatDollars(cents);

function Table({
  caption,
  children,
  minWidth = 'min-w-[24rem]',
}: {
  caption: string;
  children: ReactNode;
  minWidth?: string;
}) {
  return (
    <div className="overflow-x-auto rounded-lg border border-gray-200">
      <table className={clsx('w-full border-collapse text-sm text-gray-900', minWidth)}>
        <caption className="px-3 py-2 text-left font-semibold text-gray-900">{caption}</caption>
        {children}
      </table>
    </div>
  );
}

function Fallback({ children }: { children: ReactNode }) {
  return <p className="rounded-lg bg-gray-50 p-4 text-gray-700">{children}</p>;
}

function IncomeSection({ income }: { income: Financials['income'] }) {
  return (
    <SummaryCard title="Income">
      <DetailList>
        <Detail label="Self-reported monthly income">
          {income.selfReported === null
            ? (income.selfReportedMessage ?? <Missing />)
            : formatDollars(income.selfReported)}
        </Detail>
        <Detail label="Verified monthly income">
          {income.verified === null ? 'Not verified' : formatDollars(income.verified)}
        </Detail>
      </DetailList>
      <div className="mt-4">
        {income.snapshots.length === 0 ? (
          <p className="text-sm text-gray-700">
            No income snapshots yet (they come from the linked bank account).
          </p>
        ) : (
          <Table caption="Income snapshots">
            <thead className="bg-gray-50 text-xs text-gray-700">
              <tr>
                <th scope="col" className={clsx(HEAD, 'text-left')}>
                  Date
                </th>
                <th scope="col" className={clsx(HEAD, 'text-right')}>
                  Monthly
                </th>
                <th scope="col" className={clsx(HEAD, 'text-right')}>
                  90-day
                </th>
                <th scope="col" className={clsx(HEAD, 'text-right')}>
                  Annual
                </th>
              </tr>
            </thead>
            <tbody>
              {income.snapshots.map((s) => (
                <tr key={s.id} className="border-t border-gray-200">
                  <td className={clsx(TEXT, 'whitespace-nowrap tabular-nums')}>
                    {formatTimestamp(s.createdAt)}
                  </td>
                  <td className={NUM}>{formatDollars(s.monthlyIncome)}</td>
                  <td className={NUM}>{formatDollars(s.ninetyDayIncome)}</td>
                  <td className={NUM}>{formatDollars(s.annualIncome)}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
      </div>
    </SummaryCard>
  );
}

function ExpensesSection({ expenses }: { expenses: Financials['expenses'] }) {
  return (
    <SummaryCard
      title="Expenses"
      actions={
        expenses.groups.length > 0 ? (
          <p className="text-sm text-gray-700">
            Total{' '}
            <span className="font-semibold text-gray-900 tabular-nums">{formatDollars(expenses.total)}</span>
          </p>
        ) : undefined
      }
    >
      {expenses.groups.length === 0 ? (
        <Fallback>{expenses.message}</Fallback>
      ) : (
        <div className="grid gap-4 xl:grid-cols-2">
          {expenses.groups.map((group) => (
            <Table key={group.category} caption={group.label}>
              <thead className="bg-gray-50 text-xs text-gray-700">
                <tr>
                  <th scope="col" className={clsx(HEAD, 'text-left')}>
                    Expense
                  </th>
                  <th scope="col" className={clsx(HEAD, 'text-right')}>
                    Estimated
                  </th>
                  <th scope="col" className={clsx(HEAD, 'text-right')}>
                    Self-reported
                  </th>
                </tr>
              </thead>
              <tbody>
                {group.lines.map((line) => (
                  <tr key={line.subCategory} className="border-t border-gray-200">
                    <th scope="row" className={clsx(TEXT, 'font-normal')}>
                      {line.label}
                    </th>
                    <td className={NUM}>{money(line.estimatedValue)}</td>
                    <td className={NUM}>{money(line.selfReportedValue)}</td>
                  </tr>
                ))}
              </tbody>
              <tfoot className="border-t-2 border-gray-300 bg-gray-50 font-semibold">
                <tr>
                  <th scope="row" className={TEXT} colSpan={2}>
                    {group.label} total
                  </th>
                  <td className={NUM}>{formatDollars(group.total)}</td>
                </tr>
              </tfoot>
            </Table>
          ))}
        </div>
      )}
    </SummaryCard>
  );
}

function BudgetSection({ budget }: { budget: Financials['budget'] }) {
  const b = budget.budget;
  return (
    <SummaryCard title="Recommended Budget">
      {!b ? (
        <Fallback>{budget.message}</Fallback>
      ) : (
        <>
          <DetailList>
            <Detail label="Proposed">{formatTimestamp(b.createdAt)}</Detail>
            <Detail label="Agreed to by the borrower">{b.agreedTo ? 'Yes' : 'No'}</Detail>
            {b.description && (
              <Detail label="Description" wide>
                {b.description}
              </Detail>
            )}
          </DetailList>
          <div className="mt-4">
            <Table caption="Proposed expense adjustments" minWidth="min-w-[30rem]">
              <thead className="bg-gray-50 text-xs text-gray-700">
                <tr>
                  <th scope="col" className={clsx(HEAD, 'text-left')}>
                    Expense
                  </th>
                  <th scope="col" className={clsx(HEAD, 'text-right')}>
                    Current
                  </th>
                  <th scope="col" className={clsx(HEAD, 'text-right')}>
                    Proposed
                  </th>
                  <th scope="col" className={clsx(HEAD, 'text-right')}>
                    Change
                  </th>
                </tr>
              </thead>
              <tbody>
                {b.lines.map((line) => (
                  <tr key={`${line.category}-${line.subCategory}`} className="border-t border-gray-200">
                    <th scope="row" className={clsx(TEXT, 'font-normal')}>
                      {line.label}
                    </th>
                    <td className={NUM}>{money(line.currentValue)}</td>
                    <td className={clsx(NUM, 'font-semibold')}>{formatDollars(line.proposedValue)}</td>
                    <td className={NUM}>
                      {line.currentValue === null ? (
                        <Missing />
                      ) : (
                        formatDollars(line.proposedValue - line.currentValue)
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </div>
        </>
      )}
    </SummaryCard>
  );
}

/** The Financials tab. */
export function FinancialsTab({ financials }: { financials: Financials }) {
  return (
    <div className="grid gap-4">
      <IncomeSection income={financials.income} />
      <ExpensesSection expenses={financials.expenses} />
      <BudgetSection budget={financials.budget} />
    </div>
  );
}
