import { describe, expect, it } from 'vitest';
import { agencyToday, calendarDateIn, yearsBetween } from '../calendar';
import { SITE } from '../site';
import { isUnderContractAge, MINIMUM_CONTRACT_AGE, UNDER_CONTRACT_AGE_TEXTS } from './contract-age';

const on = (year: number, month: number, day: number) => ({ year, month, day });

describe('isUnderContractAge: a plan is a contract, signed at 18 or older', () => {
  it.each([
    // [date of birth as the form writes it, today, under 18?, why]
    ['06-16-2008', on(2026, 6, 15), true, '17 years and 364 days'],
    ['06-15-2008', on(2026, 6, 15), false, '18 today'],
    ['06-14-2008', on(2026, 6, 15), false, '18 and a day'],
    ['12-31-2008', on(2026, 1, 1), true, '17, born on the last day of a year'],
    ['01-01-2008', on(2026, 1, 1), false, '18 on New Year’s Day'],
    ['02-29-2008', on(2026, 2, 28), true, 'born on 29 February: still 17 on the 28th of a common year'],
    ['02-29-2008', on(2026, 3, 1), false, 'born on 29 February: 18 on 1 March of a common year'],
    ['02-29-2008', on(2028, 2, 29), false, 'born on 29 February: 20 on the day in a leap year'],
    ['11-26-2012', on(2026, 11, 26), true, '14: old enough to register, not to sign'],
    ['04-12-1985', on(2026, 11, 26), false, 'a grown-up'],
  ] as const)('%s on %o → %s (%s)', (dateOfBirth, today, under, _why) => {
    expect(isUnderContractAge(dateOfBirth, today)).toBe(under);
  });

  it('does not judge a missing or unreadable date (the household form requires a real one)', () => {
    for (const value of [null, undefined, '', '2008-06-16', '02-30-2008']) {
      expect(isUnderContractAge(value, on(2026, 6, 15))).toBe(false);
    }
  });

  it('counts whole years on the calendar', () => {
    expect(MINIMUM_CONTRACT_AGE).toBe(18);
    expect(yearsBetween(on(2008, 6, 16), on(2026, 6, 15))).toBe(17);
    expect(yearsBetween(on(2008, 6, 15), on(2026, 6, 15))).toBe(18);
  });
});

describe("the agency's calendar", () => {
  it('is Eastern time: a Pacific evening that is already tomorrow in UTC is still today for the agency', () => {
    // 02:30 UTC on 16 June is 22:30 on 15 June in New York.
    const lateEvening = new Date('2026-06-16T02:30:00Z');
    expect(agencyToday(lateEvening)).toEqual(on(2026, 6, 15));
    expect(calendarDateIn(lateEvening, 'UTC')).toEqual(on(2026, 6, 16));
    // So a borrower born on 16 June 2008 is still 17 there and then.
    expect(isUnderContractAge('06-16-2008', agencyToday(lateEvening))).toBe(true);
    expect(isUnderContractAge('06-16-2008', agencyToday(new Date('2026-06-16T04:30:00Z')))).toBe(false);
  });
});

describe('what the borrower reads', () => {
  it('says why (a contract a person under 18 cannot sign) and what they can do, with the agency’s phone and hours', () => {
    const { borrower, spouse } = UNDER_CONTRACT_AGE_TEXTS;
    expect(borrower.why).toMatch(/contract/);
    expect(borrower.why).toMatch(/under 18 cannot sign/);
    expect(borrower.why).toMatch(/before checking your credit/);
    const steps = borrower.nextSteps.map((s) => `${s.title} ${s.text}`).join(' ');
    expect(steps).toMatch(/parent or guardian can apply/i);
    expect(steps).toContain(SITE.phone.display);
    expect(steps).toContain(SITE.hours);
    expect(steps).toMatch(/free/);
    expect(borrower.nextSteps.map((s) => s.link?.href)).toEqual(
      expect.arrayContaining(['/household', `tel:${SITE.phone.tel}`]),
    );
    expect(spouse.why).toMatch(/your spouse/);
    expect(spouse.nextSteps.some((s) => s.text.includes('Are you applying with a spouse?'))).toBe(true);
  });
});
