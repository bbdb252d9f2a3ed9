import { date, integer, text, timestamp } from 'drizzle-orm/pg-core';

// Column conventions shared by the application's tables:
// - Money is integer cents (never floats; `pg` and PGlite agree on integers).
// - Rates and percentages (APRs, payment percentages, discounts) are integer basis points: 1% = 100, 21.9% = 2190.
// - Dates of birth, account numbers and routing numbers hold ciphertext: the app encrypts them (AES-256-GCM)
//   before writing, so those columns are text and never queried by value.
// - Calendar dates (date opened, transaction date...) are `date` columns read as 'yyyy-MM-dd' strings.

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
