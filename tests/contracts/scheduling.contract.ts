import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SchedulingError, type SchedulingProvider } from '#providers/scheduling/port';

const DAY = 86_400_000;

/**
 * The suite every scheduler passes (the product's own, Cal.com's API against its fake). `make` answers a
 * scheduler with open slots on weekdays of the coming week; each test books with an address of its own.
 */
export function schedulingContract(
  name: string,
  make: () => SchedulingProvider | Promise<SchedulingProvider>,
): void {
  describe(`scheduling contract (${name})`, () => {
    const span = () => ({
      from: new Date(Date.now() + DAY),
      to: new Date(Date.now() + 8 * DAY),
      timeZone: 'America/Chicago',
    });
    const person = () => ({
      firstName: 'Lee',
      lastName: 'Contract',
      email: `lee.${randomBytes(4).toString('hex')}@example.com`,
      phoneNumber: '+13125550142',
      timeZone: 'America/Chicago',
      language: 'en' as const,
    });
    const refused = async (promise: Promise<unknown>, ...codes: string[]) => {
      const error = await promise.then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(SchedulingError);
      expect(codes).toContain((error as SchedulingError).code);
    };

    it('lists open slots inside the span, earliest first, each ending after it starts', async () => {
      const scheduler = await make();
      const q = span();
      const slots = await scheduler.listSlots(q);
      expect(slots.length).toBeGreaterThan(0);
      for (const [i, slot] of slots.entries()) {
        expect(slot.startsAt.getTime()).toBeGreaterThanOrEqual(q.from.getTime());
        expect(slot.startsAt.getTime()).toBeLessThan(q.to.getTime());
        expect(slot.endsAt.getTime()).toBeGreaterThan(slot.startsAt.getTime());
        if (i > 0) expect(slot.startsAt.getTime()).toBeGreaterThanOrEqual(slots[i - 1]!.startsAt.getTime());
      }
    });

    it('books an open slot, which then leaves the list and cannot be booked twice', async () => {
      const scheduler = await make();
      const [slot] = await scheduler.listSlots(span());
      const booking = await scheduler.book({ ...person(), startsAt: slot!.startsAt });
      expect(booking.reference).toEqual(expect.any(String));
      expect(booking.startsAt.getTime()).toBe(slot!.startsAt.getTime());
      expect(booking.endsAt.getTime()).toBe(slot!.endsAt.getTime());
      const after = await scheduler.listSlots(span());
      expect(after.map((s) => s.startsAt.getTime())).not.toContain(slot!.startsAt.getTime());
      await refused(scheduler.book({ ...person(), startsAt: slot!.startsAt }), 'slotTaken');
    });

    it('refuses a time that is not an open slot', async () => {
      const scheduler = await make();
      const [slot] = await scheduler.listSlots(span());
      await refused(
        scheduler.book({ ...person(), startsAt: new Date(slot!.startsAt.getTime() + 7 * 60_000) }),
        'slotTaken',
      );
    });

    it('moves a booking to another open slot, freeing the first', async () => {
      const scheduler = await make();
      const [first, ...rest] = await scheduler.listSlots(span());
      const booking = await scheduler.book({ ...person(), startsAt: first!.startsAt });
      const open = await scheduler.listSlots(span());
      const second = open.find((s) => s.startsAt.getTime() > first!.startsAt.getTime()) ?? rest[0]!;
      const moved = await scheduler.reschedule(booking.reference, second.startsAt);
      expect(moved.startsAt.getTime()).toBe(second.startsAt.getTime());
      const after = (await scheduler.listSlots(span())).map((s) => s.startsAt.getTime());
      expect(after).toContain(first!.startsAt.getTime());
      expect(after).not.toContain(second.startsAt.getTime());
    });

    it('cancels a booking, freeing its slot; an unknown booking is not found', async () => {
      const scheduler = await make();
      const [slot] = await scheduler.listSlots(span());
      const booking = await scheduler.book({ ...person(), startsAt: slot!.startsAt });
      await scheduler.cancel(booking.reference);
      const after = (await scheduler.listSlots(span())).map((s) => s.startsAt.getTime());
      expect(after).toContain(slot!.startsAt.getTime());
      await refused(scheduler.cancel(booking.reference), 'notChangeable', 'notFound');
      await refused(scheduler.cancel(`unknown${randomBytes(8).toString('hex')}`), 'notFound');
    });
  });
}
