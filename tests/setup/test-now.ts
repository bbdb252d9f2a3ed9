import { vi } from 'vitest';

// TEST_NOW=2026-11-27T04:30:00Z runs the tests as if started at that instant (23:30 on 26 November in New
// York, already the 27th in UTC), to find code that takes the server's UTC day for the agency's. Only Date is
// faked, and it keeps moving from there, so timers, the job queue and anything waiting on time behave as
// usual. A test that fakes or restores the clock itself takes over from this.
const at = process.env.TEST_NOW;
if (at) {
  const now = new Date(at);
  if (Number.isNaN(now.getTime())) throw new Error(`TEST_NOW is not an instant: ${at}`);
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
  vi.setSystemTime(now);
}
