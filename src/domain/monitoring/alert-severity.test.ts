import { describe, expect, it } from 'vitest';
import { ALERT_TYPES, type AlertType } from '../flow/staff-views';
import { ALERT_SEVERITY_ORDER, alertSeverityRank, bySeverity, mostSevereAlertType } from './alert-severity';

describe('alert severity: what a counsellor looks at first', () => {
  it('ranks every alert type exactly once', () => {
    expect([...ALERT_SEVERITY_ORDER].sort()).toEqual([...ALERT_TYPES].sort());
  });

  it.each<[string, AlertType[], AlertType | null]>([
    ['no alerts', [], null],
    ['one alert', ['newCreditInquiry'], 'newCreditInquiry'],
    [
      'a disconnection beats a low balance',
      ['balanceBelowDMPPayment', 'bankAccountDisconnected'],
      'bankAccountDisconnected',
    ],
    [
      'a low balance beats a returned payment',
      ['insufficientFundsTransaction', 'balanceBelowDMPPayment'],
      'balanceBelowDMPPayment',
    ],
    [
      'a returned payment beats an overdraft',
      ['overdraftTransaction', 'insufficientFundsTransaction'],
      'insufficientFundsTransaction',
    ],
    [
      'an overdraft beats an income fall',
      ['monthlyIncomeDecrease', 'overdraftTransaction'],
      'overdraftTransaction',
    ],
    [
      'an income fall beats a score fall',
      ['debtScore30DayDecrease', 'monthlyIncomeDecrease'],
      'monthlyIncomeDecrease',
    ],
    [
      'a score fall beats an inquiry',
      ['newCreditInquiry', 'debtScore30DayDecrease'],
      'debtScore30DayDecrease',
    ],
    ['the same type twice', ['overdraftTransaction', 'overdraftTransaction'], 'overdraftTransaction'],
  ])('%s', (_name, types, expected) => {
    expect(mostSevereAlertType(types)).toBe(expected);
  });

  it('sorts most severe first and keeps the given order within a type', () => {
    const alerts = [
      { id: 'a', type: 'newCreditInquiry' as const },
      { id: 'b', type: 'overdraftTransaction' as const },
      { id: 'c', type: 'bankAccountDisconnected' as const },
      { id: 'd', type: 'overdraftTransaction' as const },
    ];
    expect(bySeverity(alerts).map((a) => a.id)).toEqual(['c', 'b', 'd', 'a']);
    expect(alertSeverityRank('bankAccountDisconnected')).toBe(0);
  });
});
