import { clsx } from 'clsx';
import type { ReactNode } from 'react';
import { REASON_FOR_NOT_CONNECTING_BANK_LABELS } from '#domain/enrollment/views';
import type { EnrollmentView } from '#domain/flow/staff-views';
import { formatDollars } from '#domain/money/cents';
import { signedLetterPath } from '#web/features/service-portal/api';
import { ACTION_BUTTON_CLASS, Detail, DetailList, formatTimestamp, SummaryCard } from './summary-overview';

// The borrower summary's Enrollment card: what the borrower set up after the offer, so a counsellor can check
// it before quality control. The payment account and the banks they connected (numbers only as their last four
// digits), why they did not connect one, and the Letter of Authorization with its signers and fingerprint.

export const NO_PAYMENT_ACCOUNT = 'The borrower has not set up a payment account yet.';
export const NO_BANK_CONNECTION = 'The borrower has not connected a bank.';
export const LETTER_NOT_SENT = 'The Letter of Authorization has not been sent yet.';
export const DOWNLOAD_SIGNED_LETTER = 'Download signed letter';

const SIGNER_ROLE_LABELS = { borrower: 'Borrower', spouse: 'Spouse' } as const;

const masked = (last4: string | null) => (last4 ? `••${last4}` : '');

/** 'First Platypus Bank ••1234', or 'Entered by hand: account ••1234, routing ••0021'. */
export function describePaymentAccount(account: NonNullable<EnrollmentView['paymentAccount']>): string {
  if (account.source === 'bank') {
    return [account.institutionName ?? 'Connected bank', masked(account.accountLast4)]
      .filter(Boolean)
      .join(' ');
  }
  const parts = [
    account.accountLast4 && `account ${masked(account.accountLast4)}`,
    account.routingLast4 && `routing ${masked(account.routingLast4)}`,
  ].filter(Boolean);
  return parts.length > 0 ? `Entered by hand: ${parts.join(', ')}` : 'Entered by hand';
}

/** The borrower's own words for the reason; a reason this build does not know shows as stored. */
export const reasonLabel = (reason: string): string =>
  reason in REASON_FOR_NOT_CONNECTING_BANK_LABELS
    ? REASON_FOR_NOT_CONNECTING_BANK_LABELS[reason as keyof typeof REASON_FOR_NOT_CONNECTING_BANK_LABELS]
    : reason;

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

function Pill({ tone, children }: { tone: 'good' | 'bad' | 'neutral'; children: ReactNode }) {
  return (
    <span
      className={clsx(
        'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap',
        tone === 'good' && 'bg-emerald-50 text-emerald-800',
        tone === 'bad' && 'bg-red-50 text-red-800',
        tone === 'neutral' && 'bg-gray-100 text-gray-700',
      )}
    >
      {children}
    </span>
  );
}

function Empty({ children }: { children: ReactNode }) {
  return <p className="rounded-lg bg-gray-50 p-4 text-gray-700">{children}</p>;
}

function Subsection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <h3 className="mb-2 font-semibold text-gray-900">{title}</h3>
      {children}
    </div>
  );
}

function PaymentAccount({ enrollment }: { enrollment: EnrollmentView }) {
  const { paymentAccount, reasonForNotConnectingBank } = enrollment;
  return (
    <Subsection title="Payment account">
      {paymentAccount ? (
        <p className="break-words text-gray-900" data-testid="payment-account">
          {describePaymentAccount(paymentAccount)}
        </p>
      ) : (
        <Empty>{NO_PAYMENT_ACCOUNT}</Empty>
      )}
      {reasonForNotConnectingBank && (
        <div className="mt-3">
          <DetailList columns={2}>
            <Detail label="Why the bank was not connected" wide>
              {reasonLabel(reasonForNotConnectingBank)}
            </Detail>
          </DetailList>
        </div>
      )}
    </Subsection>
  );
}

type Connection = EnrollmentView['bankConnections'][number];

function BankConnection({ connection }: { connection: Connection }) {
  return (
    <li className="min-w-0 rounded-lg border border-gray-200">
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 border-b border-gray-200 bg-gray-50 px-3 py-2">
        <h4 className="min-w-0 font-semibold break-words text-gray-900">{connection.institutionName}</h4>
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-gray-600">
          <Pill tone={connection.isConnected ? 'good' : 'bad'}>
            {connection.isConnected ? 'Connected' : 'Disconnected'}
          </Pill>
          <span>since {formatTimestamp(connection.connectedAt)}</span>
        </div>
      </div>
      {connection.accounts.length === 0 ? (
        <p className="px-3 py-2 text-sm text-gray-700">No accounts were shared from this bank.</p>
      ) : (
        <ul aria-label={`${connection.institutionName} accounts`}>
          {connection.accounts.map((account) => (
            <li
              key={account.id}
              className="grid gap-x-4 gap-y-1 border-t border-gray-200 px-3 py-2 first:border-t-0 sm:grid-cols-[minmax(0,1fr)_auto]"
            >
              <div className="min-w-0">
                <p className="font-medium break-words text-gray-900">
                  {account.name ?? 'Account'}
                  {account.mask && <span className="tabular-nums"> {masked(account.mask)}</span>}
                </p>
                <p className="text-sm text-gray-600">
                  {account.subtype ? capitalized(account.subtype) : 'Type not reported'}
                </p>
              </div>
              <div className="flex flex-col items-start gap-1 sm:items-end">
                <p className="text-sm text-gray-900 tabular-nums">
                  {account.availableBalance === null
                    ? 'Balance not reported'
                    : `${formatDollars(account.availableBalance)} available`}
                </p>
                {account.selectedForPayments && <Pill tone="good">Pays the plan</Pill>}
              </div>
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

function BankConnections({ connections }: { connections: EnrollmentView['bankConnections'] }) {
  return (
    <Subsection title="Bank connections">
      {connections.length === 0 ? (
        <Empty>{NO_BANK_CONNECTION}</Empty>
      ) : (
        <ul className="grid gap-3">
          {connections.map((connection) => (
            <BankConnection key={connection.id} connection={connection} />
          ))}
        </ul>
      )}
    </Subsection>
  );
}

function Letter({ letter, applicationId }: { letter: EnrollmentView['letter']; applicationId: string }) {
  if (!letter) {
    return (
      <Subsection title="Letter of Authorization">
        <Empty>{LETTER_NOT_SENT}</Empty>
      </Subsection>
    );
  }
  return (
    <Subsection title="Letter of Authorization">
      <DetailList columns={2}>
        <Detail label="Sent">{formatTimestamp(letter.generatedAt)}</Detail>
        <Detail label="Status">
          {letter.signedAt ? (
            <>
              <Pill tone="good">Signed</Pill>{' '}
              <span className="text-sm text-gray-700">{formatTimestamp(letter.signedAt)}</span>
            </>
          ) : (
            <Pill tone="neutral">Waiting for signatures</Pill>
          )}
        </Detail>
        <Detail label="Signers" wide>
          <ul className="grid gap-1">
            {letter.signers.map((signer) => (
              <li key={signer.role} className="flex flex-wrap items-baseline gap-x-2">
                <span className="font-medium">{signer.name}</span>
                <span className="text-sm text-gray-600">({SIGNER_ROLE_LABELS[signer.role]})</span>
                <span className="text-sm text-gray-900">
                  {signer.signedAt ? `Signed ${formatTimestamp(signer.signedAt)}` : 'Not signed yet'}
                </span>
              </li>
            ))}
          </ul>
        </Detail>
        <Detail label="Envelope ID" wide>
          <span className="font-mono text-sm break-all">{letter.envelopeId}</span>
        </Detail>
        {letter.sha256 && (
          <Detail label="SHA-256 of the signed PDF" wide>
            <code className="block font-mono text-sm break-all text-gray-900">{letter.sha256}</code>
          </Detail>
        )}
      </DetailList>
      {letter.signedAt && (
        <a href={signedLetterPath(applicationId)} download className={clsx(ACTION_BUTTON_CLASS, 'mt-4')}>
          {DOWNLOAD_SIGNED_LETTER}
        </a>
      )}
    </Subsection>
  );
}

/** The Enrollment card, at the end of the Application tab. */
export function EnrollmentSection({
  enrollment,
  applicationId,
}: {
  enrollment: EnrollmentView;
  applicationId: string;
}) {
  return (
    <SummaryCard title="Enrollment" subtitle="Payment and signing">
      <div className="grid gap-6 lg:grid-cols-2">
        <div className="grid min-w-0 content-start gap-6">
          <PaymentAccount enrollment={enrollment} />
          <Letter letter={enrollment.letter} applicationId={applicationId} />
        </div>
        <BankConnections connections={enrollment.bankConnections} />
      </div>
    </SummaryCard>
  );
}
