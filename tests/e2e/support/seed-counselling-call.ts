/**
 * A journey's stand-in for a borrower booking a call for today (and a visitor without an account one in three
 * days): the staff member with this email becomes a
 * counsellor (English) and gets a call starting now, booked by the borrower with this name (a seeded
 * one). Written to the table as a booking would leave it, because the booking refuses anything sooner than
 * two hours ahead and the journey needs a call it can mark today. Run by tsx against the journey's database
 * before the server starts (the embedded database has one owner at a time).
 * Usage: tsx tests/e2e/support/seed-counselling-call.ts <staff email> <borrower first name> <borrower last name>
 */
import { and, eq } from 'drizzle-orm';
import { openDatabase } from '#server/db/client';
import { borrower } from '#server/db/schema/application';
import { user } from '#server/db/schema/auth';
import { counsellingCall, counsellor } from '#server/db/schema/counselling';
import { loadConfig } from '#server/env';

const [email, firstName, lastName] = process.argv.slice(2);
if (!email || !firstName || !lastName) {
  console.error(
    'Usage: tsx tests/e2e/support/seed-counselling-call.ts <staff email> <borrower first name> <borrower last name>',
  );
  process.exit(1);
}
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  await database.migrate();
  const { db } = database;
  const [staff] = await db.select({ id: user.id }).from(user).where(eq(user.email, email));
  const [person] = await db
    .select({
      owner: borrower.owner,
      firstName: borrower.firstName,
      lastName: borrower.lastName,
      phone: borrower.phoneNumber,
      email: borrower.email,
    })
    .from(borrower)
    .where(and(eq(borrower.firstName, firstName), eq(borrower.lastName, lastName)));
  if (!staff || !person) throw new Error('no such staff member or borrower');
  await db
    .insert(counsellor)
    .values({ userId: staff.id, languages: ['en'] })
    .onConflictDoNothing();
  // Now, to the minute: today in the agency's time zone whenever the journey runs.
  const startsAt = new Date(Math.floor(Date.now() / 60_000) * 60_000);
  await db.insert(counsellingCall).values({
    counsellorId: staff.id,
    startsAt,
    endsAt: new Date(startsAt.getTime() + 30 * 60_000),
    borrowerUserId: person.owner,
    name: `${person.firstName} ${person.lastName}`,
    phoneNumber: person.phone ?? '+13125550111',
    email: person.email ?? 'borrower@example.com',
    language: 'en',
    reminder: 'email',
    timeZone: config.agencyTimeZone,
  });
  // And a call booked without an account, three days ahead at 10:00 UTC: the week's upcoming calls list it.
  const later = new Date(startsAt.getTime() + 3 * 24 * 3_600_000);
  later.setUTCHours(15, 0, 0, 0);
  await db.insert(counsellingCall).values({
    counsellorId: staff.id,
    startsAt: later,
    endsAt: new Date(later.getTime() + 30 * 60_000),
    borrowerUserId: null,
    name: 'Wendy Walkin',
    phoneNumber: '+13125550122',
    email: 'wendy.walkin@example.com',
    language: 'en',
    reminder: 'email',
    timeZone: config.agencyTimeZone,
  });
  console.log(`Call seeded for ${person.firstName} ${person.lastName}.`);
} finally {
  await database.close();
}
