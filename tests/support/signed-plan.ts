import { firstDraftDate } from '#domain/enrollment/plan-terms';
import { loadPlanTerms } from '#server/application/plan-terms';
import { docusign, docusignSigner, planAuthorization } from '#server/db/schema/enrollment';
import type { TestApp } from '#tests/setup/test-app';
import { applicationIn } from './staff-actions';

/**
 * A borrower in creditor review whose Letter of Authorization was signed by them (and a spouse, when asked)
 * and authorized the plan's amount plus `authorizedDelta` (negative: the plan now needs more than authorized,
 * as after a counter-offer).
 */
export async function signedPlanIn(
  t: TestApp,
  lastName: string,
  o: { authorizedDelta?: number; spouse?: string } = {},
) {
  const a = await applicationIn(t, 'creditorReview', lastName);
  const today = () => t.today();
  const first = firstDraftDate(today(), 15);
  const { terms } = await loadPlanTerms(t.db, a.applicationId, { today: today(), draftDay: 15 });
  const authorized = terms.monthlyDraft + (o.authorizedDelta ?? 0);
  await t.db.insert(planAuthorization).values({
    applicationId: a.applicationId,
    kind: 'letter',
    draftDay: 15,
    firstDraftDate: first,
    monthlyDraftAmount: authorized,
    setupFee: terms.setupFee,
    termInMonths: terms.termInMonths,
  });
  const [envelope] = await t.db
    .insert(docusign)
    .values({
      applicationId: a.applicationId,
      envelopeId: `env-${a.applicationId}`,
      documentSignedAt: new Date(),
    })
    .returning();
  await t.db
    .insert(docusignSigner)
    .values([
      { docusignId: envelope!.id, role: 'borrower', name: `Pat ${lastName}`, email: a.email },
      ...(o.spouse
        ? [{ docusignId: envelope!.id, role: 'spouse' as const, name: `Sam ${lastName}`, email: o.spouse }]
        : []),
    ]);
  return { ...a, authorized, firstDraftDate: first };
}
