import { eq } from 'drizzle-orm';
import { AppError } from '#domain/errors';
import { docusign } from '#server/db/schema/enrollment';
import type { Unit } from '#server/unit-of-work';
import { openSignedLetter } from '#server/application/signed-letter-store';

export const NO_SIGNED_LETTER_MESSAGE = 'This application has no signed Letter of Authorization.';

/**
 * The signed Letter of Authorization as staff download it. It holds the borrower's signature and bank details,
 * so each download is audited ('letterDownloaded') in the same transaction as the read, like opening the
 * summary. An unknown application and a letter not yet signed by everyone are both not found.
 */
export async function signedLetterForStaff(
  unit: Unit,
  o: { viewerId: string; applicationId: string },
): Promise<Buffer> {
  const { tx } = unit;
  const [row] = await tx
    .select({ id: docusign.id, pdf: docusign.signedDocument })
    .from(docusign)
    .where(eq(docusign.applicationId, o.applicationId));
  if (!row?.pdf) throw new AppError('NotFound', NO_SIGNED_LETTER_MESSAGE);
  await unit.audit({
    actorId: o.viewerId,
    action: 'letterDownloaded',
    entityType: 'docusign',
    entityId: row.id,
    applicationId: o.applicationId,
  });
  return openSignedLetter(unit.cipher, row.pdf);
}
