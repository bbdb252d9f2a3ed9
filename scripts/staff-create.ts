/**
 * Admin CLI: creates a staff user (member of CustomerService-us-east-2) with a temporary password and prints
 * the sign-in and enrolment links. Run again for an existing user: a new temporary password, and the
 * authenticator app is removed so the person enrols a new one (lost phone and recovery codes).
 * Usage: npm run staff:create -- --email someone@agency.org --name "Full Name"
 */
import { parseArgs } from 'node:util';
import { openDatabase } from '#server/db/client';
import { loadConfig } from '#server/env';
import { createStaff, parseStaffCreateArgs } from '#server/features/accounts/create-staff';

const { values } = parseArgs({ options: { email: { type: 'string' }, name: { type: 'string' } } });
// The same email rule as sign-in: an address sign-in refuses is refused here.
const args = parseStaffCreateArgs(values);
if (!args.ok) {
  console.error(args.errors.join('\n'));
  console.error('Usage: npm run staff:create -- --email someone@agency.org --name "Full Name"');
  process.exit(1);
}

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await database.migrate();
const staff = await createStaff(database.db, { email: args.email, name: args.name });
await database.close();
console.log(`${staff.created ? 'Created' : 'Updated'} staff user ${staff.email}`);
console.log(`Temporary password: ${staff.password}`);
console.log(`Sign in: ${config.publicUrl}/sign-in`);
console.log(`Enrolment: ${config.publicUrl}/two-factor/setup`);
console.log(
  'The first sign-in asks for your details and a new password, then sets up an authenticator app ' +
    '(scan the QR code, enter a code, keep the recovery codes).',
);
