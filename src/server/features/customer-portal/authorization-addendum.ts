import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import {
  authorizationAddendumContent,
  authorizationAddendumFigures,
  formatConfirmedAt,
  type AuthorizationAddendumFigures,
} from '#domain/enrollment/authorization-addendum';
import { answerEffects, raisedByCounterOffers, type PlanChange } from '#domain/enrollment/plan-change';
import type { Language } from '#domain/i18n/language';
import { SITE } from '#domain/site';
import type { LoadedPlan } from '#server/application/plan-terms';
import { sealSignedLetter } from '#server/application/signed-letter-store';
import { borrower } from '#server/db/schema/application';
import { docusign } from '#server/db/schema/enrollment';
import type { Transaction, Unit } from '#server/unit-of-work';
import { letterIntl } from '#server/application/letter-intl';
import { recordedAnswers } from '#server/application/recorded-answers';
import { renderLetterVersionsPdf } from '#server/application/render-letter';

// The borrower's copy of a confirmation of a higher amount: an addendum to their Letter of Authorization,
// drawn as the letter is, sealed as the letter is, and stored with the confirmation it records.

/** The creditors whose answers raised the amount drawn each month (see raisedByCounterOffers). */
export async function raisedByOf(
  tx: Transaction,
  plan: Pick<LoadedPlan, 'terms' | 'offers'>,
): Promise<string[]> {
  return raisedByCounterOffers(answerEffects(plan.terms, await recordedAnswers(tx, plan.offers)));
}

export type RenderedAddendum = {
  figures: AuthorizationAddendumFigures;
  pdf: Uint8Array;
  /** The PDF sealed for plan_authorization.addendum_document, and its SHA-256. */
  sealed: string;
  sha256: string;
};

/**
 * The addendum for a confirmation made at `confirmedAt`, in the borrower's `language`: the figures come from
 * the plan's terms and the change being confirmed (authorizationAddendumFigures), the same the email states.
 */
export async function renderAuthorizationAddendum(
  { tx, cipher }: Pick<Unit, 'tx' | 'cipher'>,
  o: {
    /** The agency's time zone, which states the moment of the confirmation. */
    agencyTimeZone: string;
    /** The agency's day of an instant: the days the letter was signed and the confirmation made. */
    dayOf: (at: Date) => string;
    applicationId: string;
    plan: LoadedPlan;
    change: Pick<PlanChange, 'authorizedMonthlyDraft' | 'appliesFrom'>;
    confirmedAt: Date;
    language: Language;
  },
): Promise<RenderedAddendum> {
  const { terms, offers } = o.plan;
  const [person] = await tx
    .select({ firstName: borrower.firstName, lastName: borrower.lastName })
    .from(borrower)
    .where(eq(borrower.applicationId, o.applicationId))
    .limit(1);
  const [letter] = await tx
    .select({ signedAt: docusign.documentSignedAt })
    .from(docusign)
    .where(eq(docusign.applicationId, o.applicationId))
    .limit(1);
  const offersById = new Map(offers.map((x) => [x.id, x]));
  const figures = authorizationAddendumFigures(terms, o.change);
  const content = authorizationAddendumContent(
    {
      borrowerName: [person?.firstName, person?.lastName].filter(Boolean).join(' '),
      agency: { name: SITE.agencyName, phone: SITE.phone.display },
      letterSignedOn: letter?.signedAt ? o.dayOf(letter.signedAt) : null,
      confirmedOn: o.dayOf(o.confirmedAt),
      confirmedAt: formatConfirmedAt(o.confirmedAt, o.language, o.agencyTimeZone),
      figures,
      raisedBy: await raisedByOf(tx, o.plan),
      creditors: terms.creditors.map((c) => {
        const x = offersById.get(c.id);
        const stored = x?.debt?.accountNumber ?? x?.collection?.accountNumber;
        return {
          creditorName: c.creditorName,
          accountNumber: stored ? cipher.decrypt(stored) : null,
          balance: c.balance,
          newMonthlyPayment: c.payment,
        };
      }),
    },
    letterIntl(o.language),
  );
  const { pdf } = await renderLetterVersionsPdf([{ content, intl: letterIntl(o.language) }]);
  const buffer = Buffer.from(pdf);
  return {
    figures,
    pdf,
    sealed: sealSignedLetter(cipher, buffer),
    sha256: createHash('sha256').update(buffer).digest('hex'),
  };
}
