/**
 * A counsellor for the booking journeys, written into the journey's database before the server starts: a staff
 * member who speaks English and Spanish and works every day around the clock, so open slots exist whatever
 * the hour the journey runs at.
 * Usage (runScript): tsx tests/e2e/support/seed-counsellor.ts --email counsellor@example.org --name "Ana Ruiz"
 */
import { parseArgs } from 'node:util';
import { openDatabase } from '#server/db/client';
import { loadConfig } from '#server/env';
import { createStaff } from '#server/features/accounts/create-staff';
import { saveAvailability } from '#server/features/counselling/counsellor-availability';
import { createFieldCipher } from '#server/security/field-encryption';
import { withUnit } from '#server/unit-of-work';

const { values } = parseArgs({ options: { email: { type: 'string' }, name: { type: 'string' } } });
if (!values.email || !values.name) throw new Error('--email and --name are required');

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  await database.migrate();
  const staff = await createStaff(database.db, { email: values.email, name: values.name });
  const services = {
    database,
    cipher: createFieldCipher(config.encryptionKey, config.encryptionKeysOld),
    // Nothing here reads the day.
    today: () => new Date().toISOString().slice(0, 10),
  };
  await withUnit(services, (unit) =>
    saveAvailability(unit, {
      userId: staff.userId,
      input: {
        languages: ['en', 'es'],
        weeklyHours: ([1, 2, 3, 4, 5, 6, 7] as const).map((weekday) => ({
          weekday,
          start: '00:00',
          end: '24:00',
        })),
      },
      agencyTimeZone: config.agencyTimeZone,
    }),
  );
  console.log(`Counsellor ${staff.email} works every day, all day.`);
} finally {
  await database.close();
}
