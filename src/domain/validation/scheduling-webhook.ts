import { z } from 'zod';
import { instantField } from './counselling';

// Cal.com's webhook calls, as the product reads them: the envelope ({ triggerEvent, createdAt, payload }) and,
// for the two events the product acts on, the booking's uid, the uid it replaces and its times. Everything
// else Cal.com sends (attendees' answers, the event type, locations) is ignored, not refused, since Cal.com
// adds fields over time; what is read is bounded, so hostile values are refused before the database is asked.

/** A Cal.com booking uid: letters, digits and a few separators, never control characters or spaces. */
const uidField = z
  .string()
  .min(1)
  .max(128)
  .regex(/^[A-Za-z0-9_-]+$/, { error: 'Invalid booking uid.' });

export const calComWebhookEnvelopeSchema = z.object({
  triggerEvent: z
    .string()
    .max(64)
    .regex(/^[A-Z_]+$/, { error: 'Invalid trigger event.' }),
  payload: z.unknown().optional(),
});

/**
 * BOOKING_CANCELLED: the booking the borrower (or a host) cancelled in Cal.com. `requestReschedule` is true when
 * a host used "request reschedule": Cal.com cancelled the booking and emailed the attendee a link to choose a
 * new time (false or absent for a plain cancel).
 */
export const calComCancelledPayloadSchema = z.object({
  uid: uidField,
  requestReschedule: z.boolean().nullish(),
});

/**
 * BOOKING_RESCHEDULED: Cal.com made a new booking (`uid`, with its times and organizer) in place of the one
 * `rescheduleUid` names, which it cancelled. Also the booking the attendee makes from a host's "request
 * reschedule" link: Cal.com books it as a reschedule of the cancelled booking, so it names that one here too.
 */
export const calComRescheduledPayloadSchema = z
  .object({
    uid: uidField,
    rescheduleUid: uidField,
    startTime: instantField('startTime'),
    endTime: instantField('endTime'),
    organizer: z.object({ email: z.string().max(254).optional() }).optional(),
  })
  .refine(
    (p) =>
      !(p.startTime instanceof Date && p.endTime instanceof Date) ||
      (p.endTime > p.startTime && p.endTime.getTime() - p.startTime.getTime() <= 24 * 3_600_000),
    { error: 'A booking ends after it starts, within a day.', path: ['endTime'] },
  );

export type CalComRescheduledPayload = z.infer<typeof calComRescheduledPayloadSchema>;
