import type { Config } from '#server/env';
import { writeOutcomeEmail } from '#server/application/outcome-email';
import type { Unit } from '#server/unit-of-work';

/**
 * Writes the not-qualified email in the unit (once per application: writeOutcomeEmail), and has the unit
 * announce it to the queue once it commits. Answers its outbox id, or undefined when none was written.
 */
export async function writeNotQualifiedEmail(
  unit: Unit,
  config: Config,
  applicationId: string,
): Promise<string | undefined> {
  const emailId = await writeOutcomeEmail(unit.tx, {
    services: { cipher: unit.cipher, config, today: () => unit.today },
    applicationId,
  });
  if (emailId) unit.outbox.adopt({ emailIds: [emailId] });
  return emailId;
}
