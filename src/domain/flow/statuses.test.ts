import { describe, expect, it } from 'vitest';
import {
  APPLICATION_STATUSES,
  DEFAULT_SUMMARY_STATUSES,
  INITIAL_STATUS,
  applicationStatusSchema,
  isApplicationStatus,
} from './statuses';

describe('application statuses', () => {
  it('are the nine of the spec, inProgress first and initial', () => {
    expect(APPLICATION_STATUSES).toEqual([
      'inProgress',
      'acceptOffer',
      'confirmPaymentAccount',
      'signContract',
      'counselorReview',
      'creditorReview',
      'transfer',
      'transferred',
      'disqualified',
    ]);
    expect(INITIAL_STATUS).toBe('inProgress');
  });

  it('the summary filter defaults to every status except transferred', () => {
    expect(DEFAULT_SUMMARY_STATUSES).toHaveLength(8);
    expect(DEFAULT_SUMMARY_STATUSES).not.toContain('transferred');
  });

  it.each([
    ['acceptOffer', true],
    ['transferred', true],
    ['accepted', false],
    ['', false],
    [null, false],
  ])('isApplicationStatus(%j) is %s', (value, expected) => {
    expect(isApplicationStatus(value)).toBe(expected);
    expect(applicationStatusSchema.safeParse(value).success).toBe(expected);
  });
});
