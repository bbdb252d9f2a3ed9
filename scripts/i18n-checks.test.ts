import { describe, expect, it } from 'vitest';
import { compareShapes, glossaryMisses, wordsOf } from './i18n-checks';

describe('compareShapes: a translation asks the same of its caller as the English', () => {
  it.each([
    ['Hello', 'Hola', undefined],
    ['Hi, {name}', 'Hola, {name}', undefined],
    ['Hi, {name}', 'Hola', 'the Spanish lacks {name}'],
    ['Hi', 'Hola, {name}', 'the Spanish adds {name}'],
    ['Hi, {name}', 'Hola, {nombre}', 'the Spanish lacks {name}; the Spanish adds {nombre}'],
    [
      '{n, plural, one {# debt} other {# debts}}',
      '{n, plural, one {# deuda} many {# deudas} other {# deudas}}',
      undefined,
    ],
    [
      '{n, plural, one {# debt} other {# debts}}',
      '{n} deudas',
      'the Spanish lacks {n, plural, other}; the Spanish adds {n}',
    ],
    [
      '{who, select, spouse {your spouse} other {you}}',
      '{who, select, spouse {su cónyuge} other {usted}}',
      undefined,
    ],
    [
      '{who, select, spouse {your spouse} other {you}}',
      '{who, select, other {usted}}',
      'the Spanish lacks {who, select, spouse}',
    ],
    ['Read the <b>terms</b>', 'Lea los <b>términos</b>', undefined],
    ['Read the <b>terms</b>', 'Lea los términos', 'the Spanish lacks <b>'],
    ['{amount, number}', '{amount}', 'the Spanish lacks {amount, number}; the Spanish adds {amount}'],
  ])('%j → %j', (english, spanish, difference) => {
    expect(compareShapes(english, spanish)).toBe(difference);
  });

  it('reports a Spanish that is not a valid message', () => {
    expect(compareShapes('Hi, {name}', 'Hola, {name')).toMatch(/^not a valid message/);
  });
});

describe('glossaryMisses: the financial terms keep their fixed Spanish', () => {
  const terms = [
    { en: 'creditor', es: 'acreedor' },
    { en: 'interest rate', es: ['tasa de interés', 'tasas de interés'] },
  ];
  it.each([
    ['Your creditors agree', 'Sus acreedores aceptan', []],
    ['Your Creditor', 'Su ACREEDOR', []],
    ['Your creditors agree', 'Las entidades aceptan', ['"creditor" is rendered "acreedor"']],
    ['lower interest rates', 'tasas de interés más bajas', []],
    [
      'a lower interest rate',
      'un interés más bajo',
      ['"interest rate" is rendered "tasa de interés" or "tasas de interés"'],
    ],
    // A placeholder's name is not a word of the message.
    ['{creditor} about {amount} a month', 'a {creditor}, unos {amount} al mes', []],
    // Only at the start of a word.
    ['noncreditor', 'otro', []],
    // In a plural's cases too.
    [
      '{n, plural, one {# creditor} other {# creditors}}',
      '{n, plural, one {# banco} other {# bancos}}',
      ['"creditor" is rendered "acreedor"'],
    ],
  ])('%j → %j', (english, spanish, misses) => {
    expect(glossaryMisses(english, spanish, terms)).toEqual(misses);
  });

  it('refuses the other names a term had', () => {
    const fee = {
      en: 'monthly fee',
      es: ['tarifa mensual', 'tarifas mensuales'],
      not: ['cuota', 'comisión'],
    };
    expect(glossaryMisses('a {fee} monthly fee', 'una tarifa mensual de {fee}', [fee])).toEqual([]);
    expect(glossaryMisses('a {fee} monthly fee', 'una cuota mensual de {fee}', [fee])).toEqual([
      '"monthly fee" is rendered "tarifa mensual" or "tarifas mensuales"',
      '"monthly fee" is not called "cuota"',
    ]);
    expect(glossaryMisses('the monthly fee', 'la tarifa mensual (antes comisión)', [fee])).toEqual([
      '"monthly fee" is not called "comisión"',
    ]);
  });

  it('reads the words of a message without its placeholders', () => {
    expect(wordsOf('Pay {creditor} <b>now</b>')).toBe('Pay   now');
  });
});
