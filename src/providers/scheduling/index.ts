import { createCalComScheduler, type CalComOptions } from './cal-com';
import type { SchedulingProvider } from './port';

export type SchedulingConfig = {
  scheduling: { kind: 'in-product' } | ({ kind: 'cal-com' } & Omit<CalComOptions, 'fetch' | 'callMinutes'>);
};

/**
 * The scheduler from configuration: Cal.com when SCHEDULING_PROVIDER=cal-com (CAL_COM_API_KEY,
 * CAL_COM_EVENT_TYPE_ID, CAL_COM_EVENT_TYPE_ID_ES, CAL_COM_API_URL), else the product's own, which the server hands in (it lives with the
 * database; providers import only the domain).
 */
export function createSchedulingProvider(
  config: SchedulingConfig,
  o: { inProduct: () => SchedulingProvider; callMinutes: number; fetch?: typeof fetch },
): SchedulingProvider {
  const c = config.scheduling;
  if (c.kind === 'cal-com')
    return createCalComScheduler({ ...c, callMinutes: o.callMinutes, fetch: o.fetch });
  return o.inProduct();
}
