import { describe, expect, it } from 'vitest';
import { AppError } from '../errors';
import { APPLICATION_STATUSES } from './statuses';
import type { ApplicationStatus } from './statuses';
import { APPLICATION_EVENTS, TRANSITIONS, canTransition, nextStatus, transition } from './transition';
import type { ApplicationEvent } from './transition';

const ALLOWED: Array<[ApplicationStatus, ApplicationEvent, ApplicationStatus]> = [
  ['inProgress', 'decisionQualified', 'acceptOffer'],
  ['inProgress', 'budgetAgreed', 'acceptOffer'],
  ['inProgress', 'disqualified', 'disqualified'],
  ['acceptOffer', 'offersContinued', 'confirmPaymentAccount'],
  ['acceptOffer', 'offersLeftOut', 'disqualified'],
  ['confirmPaymentAccount', 'paymentAccountConfirmed', 'signContract'],
  ['confirmPaymentAccount', 'paymentAccountEntered', 'signContract'],
  ['signContract', 'contractSigned', 'counselorReview'],
  ['counselorReview', 'qualityControlPassed', 'creditorReview'],
  ['counselorReview', 'qualityControlFailed', 'disqualified'],
  ['creditorReview', 'allOffersAnsweredWithAcceptance', 'transfer'],
  ['creditorReview', 'allOffersDeclined', 'disqualified'],
  ['transfer', 'transferConfirmed', 'transferred'],
  // A supervisor's reopen of a failed quality control (the server checks the disqualification was one).
  ['disqualified', 'qualityControlReopened', 'counselorReview'],
];

describe('transition: the allowed moves', () => {
  it.each(ALLOWED)('%s --%s--> %s', (from, event, to) => {
    expect(transition(from, event)).toBe(to);
    expect(canTransition(from, event)).toBe(true);
  });

  it('the table holds exactly these moves', () => {
    const all = APPLICATION_STATUSES.flatMap((from) =>
      APPLICATION_EVENTS.flatMap((event) => {
        const to = nextStatus(from, event);
        return to ? [[from, event, to]] : [];
      }),
    );
    expect(all).toEqual(ALLOWED);
    expect(Object.keys(TRANSITIONS)).toEqual([...APPLICATION_STATUSES]);
  });
});

describe('transition: refused moves', () => {
  it.each<[ApplicationStatus, ApplicationEvent]>([
    ['inProgress', 'offersContinued'],
    ['inProgress', 'contractSigned'],
    ['inProgress', 'transferConfirmed'],
    ['acceptOffer', 'decisionQualified'],
    ['acceptOffer', 'paymentAccountConfirmed'],
    ['acceptOffer', 'disqualified'],
    ['confirmPaymentAccount', 'contractSigned'],
    ['signContract', 'qualityControlPassed'],
    ['counselorReview', 'allOffersDeclined'],
    ['creditorReview', 'qualityControlPassed'],
    ['creditorReview', 'transferConfirmed'],
    ['transfer', 'allOffersDeclined'],
    ['transferred', 'transferConfirmed'],
    ['transferred', 'disqualified'],
    ['disqualified', 'decisionQualified'],
    ['disqualified', 'qualityControlPassed'],
    ['counselorReview', 'qualityControlReopened'],
    ['creditorReview', 'qualityControlReopened'],
  ])('%s --%s--> refused', (from, event) => {
    expect(canTransition(from, event)).toBe(false);
    expect(() => transition(from, event)).toThrow(AppError);
    try {
      transition(from, event);
    } catch (error) {
      expect(error).toMatchObject({
        code: 'InvalidTransition',
        status: 409,
        messageRef: { id: 'validation.appError.invalidTransition' },
        cause: { message: `No transition from ${from} on ${event}` },
      });
    }
  });

  it('transferred has no way out; disqualified only the reopen of a failed quality control', () => {
    for (const event of APPLICATION_EVENTS) {
      expect(canTransition('transferred', event)).toBe(false);
      expect(canTransition('disqualified', event)).toBe(event === 'qualityControlReopened');
    }
  });
});
