import { eq } from 'drizzle-orm';
import type { Page } from '#domain/flow/pages';
import { application } from '#server/db/schema/application';
import type { Transaction } from '#server/unit-of-work';

/**
 * Ends a save that changed nothing: the same answers sent again for a page already completed (a browser
 * re-sending, or a page whose next step the server must work out). No answer is written and the version staff
 * edits compare is not raised; only the page the borrower goes to next is recorded when it differs, so a later
 * sign-in resumes there (as opening that page would record it). Sent again once more, it writes nothing.
 */
export async function moveOnUnchanged(
  tx: Transaction,
  app: { id: string; lastViewedPage: Page | null },
  viewed: Page,
): Promise<void> {
  if (app.lastViewedPage === viewed) return;
  await tx.update(application).set({ lastViewedPage: viewed }).where(eq(application.id, app.id));
}
