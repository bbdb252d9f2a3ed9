import { clsx } from 'clsx';
import { borrowerLanguageOf, LANGUAGE_LABELS, spouseLanguageOf } from '#domain/service-portal/filters';
import { useState, type ReactNode } from 'react';
import type { BorrowerSummaryView } from '#domain/flow/staff-views';
import type { Page } from '#domain/flow/pages';
import { formatCardDate } from '#domain/service-portal/date-range';
import { HARDSHIP_KEYS, HARDSHIP_LABELS } from '#domain/validation/application';
import { formatDollars } from '#domain/money/cents';
import { TILE_STATUS_STYLES } from '#web/features/service-portal/queue/borrower-tile';
import { ClaimButton } from '#web/features/service-portal/actions/claim-button';
import {
  MarkTransferredForm,
  type HandOverFigures,
} from '#web/features/service-portal/actions/mark-transferred-form';
import { QualityControlModal } from '#web/features/service-portal/actions/quality-control-modal';
import { ReopenQualityControl } from '#web/features/service-portal/actions/reopen-quality-control';
import { APPLICATION_STATUS_LABELS } from '#web/features/service-portal/status-filter';
import { useStaffMe } from '#web/features/service-portal/use-staff-session';

// The borrower summary's overview card and its Application tab: overview (ID, last
// completed page, last viewed page), contact (page 1), hardships (page 2), household (page 3), address and
// spouse (page 4). Also the small formatters the summary's other parts share.

/** What an empty value shows: a dash, read out as 'Not provided'. */
export function Missing() {
  return (
    <>
      <span aria-hidden="true">—</span>
      <span className="sr-only">Not provided</span>
    </>
  );
}

/** A text value, or the dash. */
export const orMissing = (value: ReactNode): ReactNode =>
  value === null || value === undefined || value === '' ? <Missing /> : value;

export const yesNo = (value: boolean | null | undefined): ReactNode =>
  value === null || value === undefined ? <Missing /> : value ? 'Yes' : 'No';

/** A timestamp as the portal's cards show it: 'MM-dd-yyyy hh:mm a' (local), or 'Unknown'. */
export const formatTimestamp = (value: string | null | undefined): string => formatCardDate(value);

/** A calendar day 'yyyy-MM-dd' as 'MM-dd-yyyy' (the spec's date format); anything else as it came. */
export function formatDay(value: string | null | undefined): string {
  if (!value) return '';
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  return m ? `${m[2]}-${m[3]}-${m[1]}` : value;
}

/** 'EligibleDebts' → 'Eligible Debts'. */
export const pageLabel = (page: Page | null): string =>
  page === null ? '' : page.replace(/([a-z])([A-Z])/g, '$1 $2');

export const fullName = (first: string | null | undefined, last: string | null | undefined): string =>
  [first, last]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');

export function StatusBadge({ status }: { status: BorrowerSummaryView['overview']['status'] }) {
  return (
    <span
      className={clsx(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-sm font-medium whitespace-nowrap ring-1 ring-inset',
        TILE_STATUS_STYLES[status].pill,
      )}
    >
      {APPLICATION_STATUS_LABELS[status]}
    </span>
  );
}

/** A labelled value in a definition list; dense, two columns from small screens up. */
export function Detail({ label, children, wide }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={clsx('min-w-0', wide && 'sm:col-span-2')}>
      <dt className="text-xs font-medium tracking-wide text-gray-600 uppercase">{label}</dt>
      <dd className="mt-0.5 break-words text-gray-900">{children}</dd>
    </div>
  );
}

const DETAIL_COLUMNS = {
  2: 'grid-cols-1 sm:grid-cols-2',
  3: 'grid-cols-1 sm:grid-cols-2 lg:grid-cols-3',
  4: 'grid-cols-1 sm:grid-cols-2 lg:grid-cols-4',
} as const;

/** Labelled values in a grid: one column on a phone, up to `columns` on wide screens. */
export function DetailList({
  children,
  columns = 3,
}: {
  children: ReactNode;
  columns?: keyof typeof DETAIL_COLUMNS;
}) {
  return <dl className={clsx('grid gap-x-6 gap-y-3', DETAIL_COLUMNS[columns])}>{children}</dl>;
}

/** A titled card of the summary. `headingId` lets a region be named by its heading. */
export function SummaryCard({
  title,
  subtitle,
  actions,
  children,
  className,
}: {
  title: string;
  subtitle?: string;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section
      aria-label={title}
      className={clsx('min-w-0 rounded-xl border border-gray-200 bg-white p-4 shadow-sm sm:p-5', className)}
    >
      <div className="mb-3 flex flex-wrap items-baseline justify-between gap-x-4 gap-y-2">
        <h2 className="text-lg font-semibold text-gray-900">
          {title}
          {subtitle && <span className="ml-2 text-sm font-normal text-gray-600">{subtitle}</span>}
        </h2>
        {actions}
      </div>
      {children}
    </section>
  );
}

export const ACTION_BUTTON_CLASS =
  'inline-flex min-h-10 items-center justify-center rounded-lg border border-brand-700 bg-white px-4 text-sm font-semibold text-brand-800 hover:bg-brand-50 disabled:cursor-not-allowed disabled:opacity-60';

export const PRIMARY_BUTTON_CLASS =
  'inline-flex min-h-10 items-center justify-center rounded-lg bg-brand-700 px-4 text-sm font-semibold text-white hover:bg-brand-800 disabled:cursor-not-allowed disabled:opacity-60';

/**
 * This borrower's figures for each part of the hand-over, as the summary shows them (the plan's figures are
 * the enrollment the hand-over stored from the plan's terms; nothing is worked out again here).
 */
export function handOverFigures(summary: BorrowerSummaryView): HandOverFigures {
  const { contact, spouse, dmpEnrollment, decision } = summary;
  const plan = dmpEnrollment
    ? [
        `${formatDollars(dmpEnrollment.monthlyPaymentAmount)} a month for ${dmpEnrollment.termInMonths} months`,
        dmpEnrollment.firstPaymentDate ? `first payment ${formatDay(dmpEnrollment.firstPaymentDate)}` : '',
      ]
        .filter(Boolean)
        .join(', ')
    : null;
  return {
    borrower: fullName(contact.firstName, contact.lastName) || null,
    spouse: spouse ? fullName(spouse.firstName, spouse.lastName) || null : 'No spouse',
    enrollment: plan,
    acceptedOffers: (decision.decision?.offers ?? [])
      .filter((offer) => offer.status === 'accepted')
      .map((offer) => offer.creditor),
  };
}

/**
 * The overview: ID, status, created, last completed and viewed pages, who has the borrower with Claim/Unclaim,
 * and the status-bound actions: quality control while counselorReview, its reopen for a supervisor after a
 * fail, the hand-over while transfer.
 */
export function SummaryOverview({ summary, onSaved }: { summary: BorrowerSummaryView; onSaved: () => void }) {
  const { overview, contact } = summary;
  const me = useStaffMe();
  const [qualityControlOpen, setQualityControlOpen] = useState(false);
  const assignee = overview.assignedTo;
  return (
    <SummaryCard
      title="Overview"
      actions={
        overview.status === 'counselorReview' ? (
          <button type="button" className={PRIMARY_BUTTON_CLASS} onClick={() => setQualityControlOpen(true)}>
            Quality control
          </button>
        ) : summary.canReopenQualityControl ? (
          <ReopenQualityControl
            applicationId={overview.id}
            buttonClassName={PRIMARY_BUTTON_CLASS}
            onSaved={onSaved}
          />
        ) : undefined
      }
    >
      <DetailList columns={4}>
        <Detail label="ID">
          <span className="font-mono text-sm break-all">{overview.id}</span>
        </Detail>
        <Detail label="Status">
          <StatusBadge status={overview.status} />
        </Detail>
        <Detail label="Last completed page">{orMissing(pageLabel(overview.lastCompletedPage))}</Detail>
        <Detail label="Last viewed page">{orMissing(pageLabel(overview.lastViewedPage))}</Detail>
        <Detail label="Created">{formatTimestamp(overview.createdAt)}</Detail>
        <Detail label="Borrower ID">
          {contact.borrowerId ? (
            <span className="font-mono text-sm break-all">{contact.borrowerId}</span>
          ) : (
            <Missing />
          )}
        </Detail>
        <Detail label="Quality control">
          {overview.hasPassedQualityControl === null
            ? 'Not reviewed'
            : overview.hasPassedQualityControl
              ? 'Passed'
              : 'Failed'}
        </Detail>
        <Detail label="Partner CRM ID">{orMissing(contact.partnerCrmId)}</Detail>
      </DetailList>
      <div className="mt-4 flex flex-col gap-3 border-t border-gray-200 pt-4 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <p className="text-xs font-medium tracking-wide text-gray-600 uppercase">Assigned to</p>
          <p className="mt-0.5 text-gray-900" data-testid="assigned-to">
            {assignee ? (
              <>
                {assignee.name}
                {assignee.id === me.id && <span className="font-semibold text-brand-800"> (You)</span>}
                {overview.assignedToAt && (
                  <span className="text-sm text-gray-600">
                    {' '}
                    since {formatTimestamp(overview.assignedToAt)}
                  </span>
                )}
              </>
            ) : (
              'Unclaimed'
            )}
          </p>
        </div>
        <ClaimButton
          applicationId={overview.id}
          version={overview.version}
          assignedTo={assignee}
          viewerId={me.id}
        />
      </div>
      {overview.status === 'transfer' && (
        <div className="mt-4 border-t border-gray-200 pt-4">
          <MarkTransferredForm
            applicationId={overview.id}
            handOver={handOverFigures(summary)}
            onSaved={onSaved}
          />
        </div>
      )}
      {overview.status === 'counselorReview' && (
        <QualityControlModal
          applicationId={overview.id}
          open={qualityControlOpen}
          onOpenChange={setQualityControlOpen}
          borrowerLanguage={contact.preferredLanguage}
          onSaved={() => {
            setQualityControlOpen(false);
            onSaved();
          }}
        />
      )}
    </SummaryCard>
  );
}

const HARDSHIP_DETAIL_LABELS = {
  hasServedInMilitary: 'Served in the military',
  hasLargeMedicalOrDisabilityExpenses: 'Large medical or disability expenses',
  hasRecentDeathInImmediateFamily: 'Recent death in the immediate family',
  hasRecentJobLoss: 'Recent job loss',
  hasRecentlyBeenFurloughed: 'Recently furloughed',
  hasReductionInIncome: 'Reduction in income (details)',
} as const satisfies Partial<Record<keyof BorrowerSummaryView['hardships'], string>>;

const HARDSHIP_DETAIL_KEYS = Object.keys(HARDSHIP_DETAIL_LABELS) as (keyof typeof HARDSHIP_DETAIL_LABELS)[];

function addressLines(a: {
  addressLine1: string | null;
  addressLine2: string | null;
  city: string | null;
  state: string | null;
  zipCode: string | null;
}): ReactNode {
  const cityLine = [a.city, [a.state, a.zipCode].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  const lines = [a.addressLine1, a.addressLine2, cityLine].filter(Boolean);
  if (lines.length === 0) return <Missing />;
  return (
    <>
      {lines.map((line) => (
        <span key={line} className="block">
          {line}
        </span>
      ))}
    </>
  );
}

/** The Application tab: what the borrower answered on pages 1 to 4 of the flow. */
export function ApplicationSections({ summary }: { summary: BorrowerSummaryView }) {
  const { contact, hardships, household, address, spouse } = summary;
  const ticked = HARDSHIP_KEYS.filter((key) => hardships.selected[key]);
  const answeredDetails = HARDSHIP_DETAIL_KEYS.filter((key) => hardships[key] !== null);
  return (
    <div className="grid gap-4">
      <SummaryCard title="Contact" subtitle="Page 1">
        <DetailList>
          <Detail label="First name">{orMissing(contact.firstName)}</Detail>
          <Detail label="Last name">{orMissing(contact.lastName)}</Detail>
          <Detail label="Email">
            {contact.email ? (
              <a className="text-brand-700 underline underline-offset-2" href={`mailto:${contact.email}`}>
                {contact.email}
              </a>
            ) : (
              <Missing />
            )}
          </Detail>
          <Detail label="Phone">
            {contact.phoneNumber ? (
              <a
                className="text-brand-700 underline underline-offset-2"
                href={`tel:+1${contact.phoneNumber.replace(/\D/g, '')}`}
              >
                {contact.phoneNumber}
              </a>
            ) : (
              <Missing />
            )}
          </Detail>
          <Detail label="Text messages">{contact.isOptedOutOfSMS ? 'Opted out' : 'Allowed'}</Detail>
          {/* Never chosen counts as English: that is the language the borrower has been shown. */}
          <Detail label="Preferred language">
            {LANGUAGE_LABELS[borrowerLanguageOf(contact.preferredLanguage)]}
          </Detail>
          {/* The spouse's emails and their version of the letter are in this language. */}
          {spouse && (
            <Detail label="Spouse’s language">
              {LANGUAGE_LABELS[spouseLanguageOf(spouse.preferredLanguage, contact.preferredLanguage)]}
              {spouse.preferredLanguage ? '' : ' (same as the borrower’s)'}
            </Detail>
          )}
        </DetailList>
      </SummaryCard>

      <SummaryCard title="Hardships" subtitle="Page 2">
        <DetailList>
          <Detail label="Situations" wide>
            {ticked.length === 0 ? (
              'None selected'
            ) : (
              <ul className="list-disc pl-5">
                {ticked.map((key) => (
                  <li key={key}>{HARDSHIP_LABELS[key]}</li>
                ))}
              </ul>
            )}
          </Detail>
          {answeredDetails.map((key) => (
            <Detail key={key} label={HARDSHIP_DETAIL_LABELS[key]}>
              {yesNo(hardships[key])}
            </Detail>
          ))}
          {hardships.kindOfRelief && <Detail label="Kind of relief">{hardships.kindOfRelief}</Detail>}
        </DetailList>
      </SummaryCard>

      <SummaryCard title="Household" subtitle="Page 3">
        <DetailList>
          <Detail label="Has dependents">{yesNo(household.hasDependents)}</Detail>
          <Detail label="Number of dependents">{orMissing(household.numberOfDependentsInHousehold)}</Detail>
          <Detail label="Owns home">{yesNo(household.isHomeowner)}</Detail>
          {household.isHomeowner && (
            <Detail label="Mortgage escrow">{yesNo(household.hasMortgageEscrow)}</Detail>
          )}
          <Detail label={household.isHomeowner ? 'Monthly mortgage' : 'Monthly rent'}>
            {orMissing(formatDollars(household.monthlyRentOrMortgageAmount))}
          </Detail>
          <Detail label="Owns a car">{yesNo(household.isCarOwner)}</Detail>
          <Detail label="Applying with a spouse">{yesNo(household.hasSpouse)}</Detail>
        </DetailList>
      </SummaryCard>

      <SummaryCard title="Address and Spouse" subtitle="Page 4">
        <div className="grid gap-6 md:grid-cols-2">
          <div>
            <h3 className="mb-2 font-semibold text-gray-900">Borrower</h3>
            <DetailList columns={2}>
              <Detail label="Address" wide>
                {addressLines(address)}
              </Detail>
              <Detail label="Date of birth">{orMissing(address.dateOfBirth)}</Detail>
            </DetailList>
          </div>
          <div>
            <h3 className="mb-2 font-semibold text-gray-900">Spouse</h3>
            {spouse ? (
              <DetailList columns={2}>
                <Detail label="Name">{orMissing(fullName(spouse.firstName, spouse.lastName))}</Detail>
                <Detail label="Date of birth">{orMissing(spouse.dateOfBirth)}</Detail>
                <Detail label="Email">{orMissing(spouse.email)}</Detail>
                <Detail label="Phone">{orMissing(spouse.phoneNumber)}</Detail>
                <Detail label="Same address as borrower">{yesNo(spouse.hasSameAddressAsBorrower)}</Detail>
                <Detail label="Credit consent">{yesNo(spouse.consentedToCreditPolicy)}</Detail>
                {spouse.hasSameAddressAsBorrower === false && (
                  <Detail label="Address" wide>
                    {addressLines(spouse)}
                  </Detail>
                )}
              </DetailList>
            ) : (
              <p className="text-gray-700">No spouse on this application.</p>
            )}
          </div>
        </div>
      </SummaryCard>
    </div>
  );
}
