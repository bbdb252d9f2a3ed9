import { DEFAULT_SLOT_RULES, localTimeOf, openSlots, type SlotRules } from '#domain/counselling/slots';
import type { SlotQuery, SlotsView } from '#domain/validation/counselling';
import type { Unit } from '#server/unit-of-work';
import { loadAgencyDaysOff, loadAvailability } from './availability';

/**
 * The open slots between two instants, each with its day and time in the asked time zone. Who would take a
 * slot is not said: only which languages are spoken then.
 */
export async function listSlots(
  unit: Unit,
  o: { agencyTimeZone: string; query: SlotQuery; now?: Date; rules?: SlotRules },
): Promise<SlotsView> {
  const rules = o.rules ?? DEFAULT_SLOT_RULES;
  const now = o.now ?? new Date();
  const counsellors = await loadAvailability(unit.tx, {
    span: { startsAt: o.query.from, endsAt: o.query.to },
    rules,
  });
  const daysOff = await loadAgencyDaysOff(unit.tx, {
    startsAt: o.query.from,
    endsAt: o.query.to,
  });
  const slots = openSlots({
    daysOff,
    counsellors,
    agencyTimeZone: o.agencyTimeZone,
    rules,
    now,
    from: o.query.from,
    to: o.query.to,
    language: o.query.language,
  });
  return {
    timeZone: o.query.timeZone,
    slots: slots.map((slot) => {
      const local = localTimeOf(slot.startsAt, o.query.timeZone);
      return {
        startsAt: slot.startsAt.toISOString(),
        endsAt: slot.endsAt.toISOString(),
        localDay: local.day,
        localTime: local.time,
        languages: slot.languages,
      };
    }),
  };
}
