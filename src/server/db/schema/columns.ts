import { date, integer, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { application } from './application';

// Column conventions shared by the application's tables:
// - Money is integer cents (never floats; `pg` and PGlite agree on integers).
// - Rates and percentages (APRs, payment percentages, discounts) are integer basis points: 1% = 100, 21.9% = 2190.
// - Dates of birth, account numbers and routing numbers hold ciphertext: the app encrypts them (AES-256-GCM)
//   before writing, so those columns are text and never queried by value.
// - Calendar dates (date opened, transaction date...) are `date` columns read as 'yyyy-MM-dd' strings.

export const cents = (name: string) => integer(name);
export const basisPoints = (name: string) => integer(name);
export const ciphertext = (name: string) => text(name);
export const calendarDate = (name: string) => date(name, { mode: 'string' });
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());
/** The owning application's id; rows go with it when it is deleted. */
export const applicationId = () =>
  uuid('application_id')
    .notNull()
    .references(() => application.id, { onDelete: 'cascade' });
