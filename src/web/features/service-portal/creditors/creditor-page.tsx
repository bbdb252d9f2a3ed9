import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { ApiError } from '#web/lib/api';
import { StatusBanner } from '#web/components/ui/form/status-banner';
import { LoadError, PortalPage } from '../portal-layout';
import { creditorQuery } from '../api';
import { dayOf, dollarsOf, percentOf, silentOf } from './programme-figures';
import { CreditorDetailsSection } from './creditor-details-section';
import { ReviseProgrammeForm } from './revise-programme-form';

// /creditors/:creditorId: one creditor, the programme its offers are made on now, and every version of it
// (who made it, when, why), and its payment and proposal details with every change of them. Creditor
// relations staff also revise the programme and change the details here; other staff read.

export const HISTORY_TITLE = 'History of the programme';
export const LOAD_FAILED = 'This creditor could not be loaded. Please try again.';
export const NOT_FOUND = 'There is no such creditor.';
export const READ_ONLY =
  'Only creditor relations staff change a programme. Ask them if these terms are out of date.';

export function Component() {
  const creditorId = useParams().creditorId ?? '';
  const detail = useQuery(creditorQuery(creditorId));
  const [saved, setSaved] = useState<number>();

  const title = detail.data?.name ?? 'Creditor';
  return (
    <PortalPage
      title={title}
      actions={
        <Link to="/creditors" className="font-medium text-brand-700 underline-offset-4 hover:underline">
          All creditors
        </Link>
      }
    >
      {detail.isPending ? (
        <p role="status">Loading the creditor…</p>
      ) : detail.isError ? (
        detail.error instanceof ApiError && detail.error.status === 404 ? (
          <p role="alert">{NOT_FOUND}</p>
        ) : (
          <LoadError message={LOAD_FAILED} onRetry={() => void detail.refetch()} />
        )
      ) : (
        <div className="space-y-6">
          <p className="break-words text-gray-700">
            Reported by the bureaus as:{' '}
            <span className="font-medium">{detail.data.matchNames.join(', ')}</span>
          </p>
          <section
            aria-labelledby="in-force-heading"
            className="rounded-2xl border border-gray-200 bg-white p-5"
          >
            <h2 id="in-force-heading" className="text-lg font-semibold text-gray-900">
              In force: version {detail.data.inForce.version}, since{' '}
              {dayOf(detail.data.inForce.effectiveFrom)}
            </h2>
            <dl className="mt-3 grid gap-3 sm:grid-cols-4">
              {[
                ['Plan APR', percentOf(detail.data.inForce.proposedAprBp)],
                ['Payment share', percentOf(detail.data.inForce.paymentBp)],
                ['With a hardship', percentOf(detail.data.inForce.hardshipPaymentBp)],
                ['Minimum payment', dollarsOf(detail.data.inForce.minimumPayment)],
                ['Maximum term', `${detail.data.inForce.maxTermMonths} months`],
                ['Fair share', percentOf(detail.data.inForce.fairShareBp)],
                ['If silent', silentOf(detail.data.inForce)],
              ].map(([term, value]) => (
                <div key={term}>
                  <dt className="text-sm text-gray-600">{term}</dt>
                  <dd className="text-xl font-semibold text-gray-900">{value}</dd>
                </div>
              ))}
            </dl>
          </section>

          <StatusBanner
            message={saved ? `Version ${saved} saved: the next offers are made on it.` : undefined}
          />
          {detail.data.canEdit ? (
            <ReviseProgrammeForm
              key={detail.data.inForce.id}
              creditorId={detail.data.id}
              inForce={detail.data.inForce}
              onSaved={(version) => {
                setSaved(version);
                void detail.refetch();
              }}
            />
          ) : (
            <p className="text-sm text-gray-700">{READ_ONLY}</p>
          )}

          <section aria-labelledby="history-heading">
            <h2 id="history-heading" className="text-lg font-semibold text-gray-900">
              {HISTORY_TITLE}
            </h2>
            <div className="mt-3 overflow-x-auto rounded-lg border border-gray-200 bg-white">
              <table className="min-w-full text-left text-sm">
                <caption className="sr-only">Every version, newest first</caption>
                <thead className="bg-gray-50 text-gray-700">
                  <tr>
                    {[
                      'Version',
                      'In force from',
                      'Plan APR',
                      'Payment share',
                      'With a hardship',
                      'Minimum',
                      'Plan limits',
                      'Made by',
                      'Why',
                    ].map((name) => (
                      <th key={name} scope="col" className="px-4 py-3 font-semibold">
                        {name}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody className="divide-y divide-gray-200">
                  {detail.data.versions.map((v) => (
                    <tr key={v.id}>
                      <th scope="row" className="px-4 py-3 font-medium">
                        {v.version}
                      </th>
                      <td className="px-4 py-3">{dayOf(v.effectiveFrom)}</td>
                      <td className="px-4 py-3">{percentOf(v.proposedAprBp)}</td>
                      <td className="px-4 py-3">{percentOf(v.paymentBp)}</td>
                      <td className="px-4 py-3">{percentOf(v.hardshipPaymentBp)}</td>
                      <td className="px-4 py-3">{dollarsOf(v.minimumPayment)}</td>
                      <td className="px-4 py-3">
                        {v.maxTermMonths} months, fair share {percentOf(v.fairShareBp)}
                        <span className="block text-xs text-gray-600">{silentOf(v)}</span>
                      </td>
                      <td className="px-4 py-3">
                        {v.createdBy ?? 'Shipped with the product'}
                        <span className="block text-xs text-gray-600">{dayOf(v.createdAt)}</span>
                      </td>
                      <td className="max-w-xs px-4 py-3 break-words">{v.reason ?? v.source ?? ''}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </section>

          <CreditorDetailsSection
            creditorId={detail.data.id}
            details={detail.data.details}
            history={detail.data.detailsHistory}
            canEdit={detail.data.canEdit}
            onSaved={() => void detail.refetch()}
          />
        </div>
      )}
    </PortalPage>
  );
}
