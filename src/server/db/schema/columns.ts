import { date, integer, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { application } from './application';

// Column conventions shared by the application's tables:
// - Money is integer cents (never floats; `pg` and PGlite agree on integers).
// - Rates and percentages (APRs, payment percentages, discounts) are integer basis points: 1% = 100, 21.9% = 2190.
// - Dates of birth, account numbers and routing numbers hold ciphertext: the app encrypts them (AES-256-GCM)
//   before writing, so those columns are text and never queried by value.
// - Calendar dates (date opened, transaction date...) are `date` columns read as 'yyyy-MM-dd' strings.

// Function declarations, not arrow constants: the schema files import one another (a table names the
// application it belongs to), and a declaration is usable while that circle of imports is still loading,
// whichever file a test or script imports first.
export function cents(name: string) {
  return integer(name);
}
export function basisPoints(name: string) {
  return integer(name);
}
export function ciphertext(name: string) {
  return text(name);
}
export function calendarDate(name: string) {
  return date(name, { mode: 'string' });
}
export function createdAt() {
  return timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
}
export function updatedAt() {
  return timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());
}
/** The owning application's id; rows go with it when it is deleted. */
export function applicationId() {
  return uuid('application_id')
    .notNull()
    .references(() => application.id, { onDelete: 'cascade' });
}
