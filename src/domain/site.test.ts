import { describe, expect, it } from 'vitest';
import { digitsOnly } from './validation/format';
import { SITE } from './site';

describe('SITE', () => {
  const phones = [SITE.phone, SITE.ivrPhone, SITE.functionalIvrPhone];

  it.each(phones)('$display uses a fictional 555-01xx number whose tel matches the display', (phone) => {
    expect(phone.tel).toBe(`+1${digitsOnly(phone.display)}`);
    expect(phone.tel).toMatch(/^\+1\d{3}55501\d{2}$/);
  });

  it('keeps the spec texts', () => {
    expect(SITE.phone).toEqual({ display: '(800) 555-0199', tel: '+18005550199' });
    expect(SITE.hours).toBe('Monday - Friday 9AM - 5PM EST');
    expect(SITE.foundationName).toBe('National Foundation for Credit Counseling');
  });

  it('uses example.org mailboxes', () => {
    for (const email of [SITE.email, SITE.careersEmail, SITE.helpEmail, SITE.mediaEmail, SITE.socialEmail]) {
      expect(email).toMatch(/^[a-z]+@example\.org$/);
    }
  });

  it('has absolute https links', () => {
    const links = [SITE.schedulingUrl, ...Object.values(SITE.marketing), ...Object.values(SITE.social)];
    for (const link of links) expect(new URL(link).protocol).toBe('https:');
  });
});
