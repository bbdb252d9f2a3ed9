import { FormattedMessage, useIntl } from 'react-intl';
import { shortfallOf } from '#domain/enrollment/offer-review';
import type { PlanFit } from '#domain/enrollment/plan-fit';
import type { PlanTerms } from '#domain/enrollment/plan-terms';
import { formatDollars } from '#domain/money/cents';
import { SITE } from '#domain/site';
import { MONTHLY_CUSHION } from '#domain/underwriting/budget-room';

// The space between the check's two sentences (a variable: the lint rule reads a literal as English).
const SPACE = ' ';

/**
 * Shown on /offers/review as soon as an offer left out leaves the plan short of the borrower's budget, or
 * with less than the cushion the budget page advises keeping: the figures of the check (reviewFit), what
 * she can do about it, and what happens if she accepts as chosen. Her choice stands: leaving an offer out
 * does not stop the plan, it only adds what she pays that creditor herself.
 */
export function LeaveOutFitWarning({
  fit,
  warning,
  terms,
}: {
  fit: PlanFit;
  warning: 'short' | 'thin';
  terms: Pick<PlanTerms, 'payDirectly'>;
}) {
  const intl = useIntl();
  const leftOut = terms.payDirectly.filter((c) => c.why === 'leftOutByBorrower');
  const names = intl.formatList(
    leftOut.map((c) => c.creditorName),
    { type: 'conjunction' },
  );
  return (
    <section
      aria-labelledby="leave-out-fit-heading"
      data-testid="leave-out-fit"
      data-fit={warning}
      className="mt-4 rounded-xl border border-amber-300 bg-amber-50 p-4"
    >
      <h2 id="leave-out-fit-heading" className="font-semibold text-gray-900">
        {warning === 'short' ? (
          <FormattedMessage
            id="apply.offers.fit.shortHeading"
            defaultMessage="Your plan would no longer fit your budget"
          />
        ) : (
          <FormattedMessage
            id="apply.offers.fit.thinHeading"
            defaultMessage="Your plan would leave little to spare"
          />
        )}
      </h2>
      <p className="mt-2 text-gray-800">
        <FormattedMessage
          id="apply.offers.fit.figures"
          defaultMessage="With {names} left out, you would pay {draft} a month to the plan and {direct} a month to creditors yourself: {total} a month, against the {room} your budget leaves."
          values={{
            names,
            draft: formatDollars(fit.monthlyDraft),
            direct: formatDollars(fit.payDirectly),
            total: formatDollars(fit.monthlyTotal),
            room: formatDollars(fit.room),
          }}
        />
        {SPACE}
        {warning === 'short' ? (
          <FormattedMessage
            id="apply.offers.fit.short"
            defaultMessage="That is {short} a month more than your budget leaves."
            values={{ short: formatDollars(shortfallOf(fit)) }}
          />
        ) : (
          <FormattedMessage
            id="apply.offers.fit.thin"
            defaultMessage="That leaves {left} a month, less than the {cushion} we suggest keeping for the unexpected, such as a higher bill or a car repair."
            values={{ left: formatDollars(fit.left), cushion: formatDollars(MONTHLY_CUSHION) }}
          />
        )}
      </p>
      <p className="mt-2 text-gray-800">
        <FormattedMessage
          id="apply.offers.fit.options"
          defaultMessage="You can keep {count, plural, one {this creditor} other {these creditors}} on the plan, or call us at {phone} to go over your budget before you accept. If you accept the plan as chosen, your counsellor will see that it {warning, select, short {no longer fits your budget} other {leaves little to spare}} and may call you."
          values={{
            count: leftOut.length,
            warning,
            phone: (
              <a
                href={`tel:${SITE.phone.tel}`}
                className="font-semibold whitespace-nowrap text-brand-700 underline"
              >
                {SITE.phone.display}
              </a>
            ),
          }}
        />
      </p>
    </section>
  );
}
