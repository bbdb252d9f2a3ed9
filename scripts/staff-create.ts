/**
 * Admin CLI: creates a staff user (member of CustomerService-us-east-2) with a temporary password and prints
 * the sign-in and enrolment links (staffCreatedLines). Run again for an existing user: a new temporary password, and the
 * authenticator app is removed so the person enrols a new one (lost phone and recovery codes).
 * Usage: npm run staff:create -- --email someone@agency.org --name "Full Name" [--creditor-relations] [--supervisor]
 * --creditor-relations also makes them creditor relations staff (group CreditorRelations), who may revise the
 * creditors' concession programmes; every staff member reads them. --supervisor also makes them a supervisor
 * (group Supervisors), who may reopen a quality control a counsellor failed.
 */
import { parseArgs } from 'node:util';
import { loadConfigOrExit, openDatabaseOrExit } from '#server/command-start';
import { createStaff, parseStaffCreateArgs, staffCreatedLines } from '#server/features/accounts/create-staff';

const { values } = parseArgs({
  options: {
    email: { type: 'string' },
    name: { type: 'string' },
    'creditor-relations': { type: 'boolean' },
    supervisor: { type: 'boolean' },
  },
});
// The same email rule as sign-in: an address sign-in refuses is refused here.
const args = parseStaffCreateArgs(values);
if (!args.ok) {
  console.error(args.errors.join('\n'));
  console.error(
    'Usage: npm run staff:create -- --email someone@agency.org --name "Full Name" [--creditor-relations] [--supervisor]',
  );
  process.exit(1);
}

const config = loadConfigOrExit();
const database = await openDatabaseOrExit(config);
await database.migrate();
const staff = await createStaff(database.db, {
  email: args.email,
  name: args.name,
  creditorRelations: args.creditorRelations,
  supervisor: args.supervisor,
});
await database.close();
for (const line of staffCreatedLines({
  created: staff.created,
  email: staff.email,
  password: staff.password,
  publicUrl: config.publicUrl,
  publicUrlSet: Boolean(process.env.PUBLIC_URL),
  production: config.nodeEnv === 'production',
})) {
  console.log(line);
}
