import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { LoadError, PortalPage } from '../portal-layout';
import { creditorsQuery } from '../api';
import { percentOf, dollarsOf } from './programme-figures';

// /creditors: the creditors the agency works with and the concession programme each has in force; a search by
// name or by the words a credit bureau reports the creditor under. Each links to its page (history, revision).

export const CREDITORS_TITLE = 'Creditors';
export const SEARCH_LABEL = 'Search creditors';
export const LOAD_FAILED = 'The creditors could not be loaded. Please try again.';

const WIDE_ONLY_HEADER = 'hidden px-4 py-3 font-semibold sm:table-cell';
const WIDE_ONLY_CELL = 'hidden px-4 py-3 sm:table-cell';

export function Component() {
  const [params, setParams] = useSearchParams();
  const search = params.get('search') ?? '';
  const [typed, setTyped] = useState(search);
  const list = useQuery({ ...creditorsQuery(search), placeholderData: keepPreviousData });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const next = typed.trim();
    setParams(next === '' ? {} : { search: next });
  };

  return (
    <PortalPage title={CREDITORS_TITLE}>
      <p className="max-w-3xl text-gray-700">
        Each creditor&rsquo;s concession programme is what its offers are made on: the plan APR, the monthly
        payment as a share of the balance (without and with a hardship) and the minimum payment.
      </p>
      <form role="search" onSubmit={onSubmit} className="mt-4 flex max-w-xl flex-wrap items-end gap-3">
        <label className="min-w-0 flex-1">
          <span className="block text-sm font-medium text-gray-800">{SEARCH_LABEL}</span>
          <input
            type="search"
            value={typed}
            maxLength={100}
            onChange={(event) => setTyped(event.target.value)}
            placeholder="Name or bureau name"
            className="mt-1 block min-h-11 w-full rounded-md border border-gray-300 px-3 py-2 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30"
          />
        </label>
        <button
          type="submit"
          className="min-h-11 rounded-lg bg-brand-700 px-5 font-semibold text-white hover:bg-brand-800"
        >
          Search
        </button>
      </form>

      <div className="mt-6">
        {list.isPending ? (
          <p role="status">Loading the creditors…</p>
        ) : list.isError ? (
          <LoadError message={LOAD_FAILED} onRetry={() => void list.refetch()} />
        ) : list.data.items.length === 0 ? (
          <p role="status" className="text-gray-700">
            {search === '' ? 'No creditors yet.' : `No creditor matches “${search}”.`}
          </p>
        ) : (
          <>
            <div className="overflow-x-auto rounded-lg border border-gray-200 bg-white">
              <table className="min-w-full text-left text-sm">
                <caption className="sr-only">Creditors and their programmes in force</caption>
                <thead className="bg-gray-50 text-gray-700">
                  <tr>
                    <th scope="col" className="px-3 py-3 font-semibold sm:px-4">
                      Creditor
                    </th>
                    <th scope="col" className="px-3 py-3 font-semibold sm:px-4">
                      Plan APR
                    </th>
                    {/* On a phone these four go under the creditor's name, so the table fits the screen. */}
                    <th scope="col" className={WIDE_ONLY_HEADER}>
                      Payment share
                    </th>
                    <th scope="col" className={WIDE_ONLY_HEADER}>
                      With a hardship
                    </th>
                    <th scope="col" className={WIDE_ONLY_HEADER}>
                      Minimum
                    </th>
                    <th scope="col" className={WIDE_ONLY_HEADER}>
                      Version
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-gray-200">
                  {list.data.items.map((creditor) => (
                    <tr key={creditor.id}>
                      <th scope="row" className="px-3 py-3 font-medium sm:px-4">
                        <Link
                          to={`/creditors/${encodeURIComponent(creditor.id)}`}
                          className="text-brand-700 underline-offset-4 hover:underline"
                        >
                          {creditor.name}
                        </Link>
                        <span className="block text-xs font-normal text-gray-600">
                          {creditor.matchNames.join(', ')}
                        </span>
                        <span className="mt-1 block text-xs font-normal text-gray-700 sm:hidden">
                          Payment {percentOf(creditor.inForce.paymentBp)}, with a hardship{' '}
                          {percentOf(creditor.inForce.hardshipPaymentBp)}; minimum{' '}
                          {dollarsOf(creditor.inForce.minimumPayment)}; version {creditor.inForce.version}
                        </span>
                      </th>
                      <td className="px-3 py-3 sm:px-4">{percentOf(creditor.inForce.proposedAprBp)}</td>
                      <td className={WIDE_ONLY_CELL}>{percentOf(creditor.inForce.paymentBp)}</td>
                      <td className={WIDE_ONLY_CELL}>{percentOf(creditor.inForce.hardshipPaymentBp)}</td>
                      <td className={WIDE_ONLY_CELL}>{dollarsOf(creditor.inForce.minimumPayment)}</td>
                      <td className={WIDE_ONLY_CELL}>{creditor.inForce.version}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            {list.data.more ? (
              <p className="mt-3 text-sm text-gray-700">
                Only the first {list.data.items.length} are shown: narrow the search to find the others.
              </p>
            ) : null}
          </>
        )}
      </div>
    </PortalPage>
  );
}
