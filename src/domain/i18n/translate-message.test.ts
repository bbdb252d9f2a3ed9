import { createIntl } from '@formatjs/intl';
import { describe, expect, it } from 'vitest';
import { draftDaySettingSchema, textMessagesSettingSchema } from '../enrollment/settings';
import {
  chooseDraftDaySchema,
  provideManuallySchema,
  reauthorizeSchema,
  skipBankConnectionSchema,
} from '../enrollment/views';
import { acceptOffersSchema } from '../flow/application-view';
import { BUDGET_CUT_MESSAGES } from '../underwriting/budget-cuts';
import {
  CONFIRM_INCOME_QUESTION,
  HOUSEHOLD_LABELS,
  HOUSEHOLD_QUESTIONS,
  INCOME_LABEL,
  MISSING_DEBT_LABELS,
  NOTIFY_QUESTION,
} from '../validation/application';
import {
  BANK_ALREADY_CONNECTED,
  MESSAGES,
  maxLengthMessage,
  minLengthMessage,
  noCheckingAccountMessage,
  reconnectOtherBankMessage,
  requiredMessage,
} from '../validation/messages';
import { ALL_CATALOGS } from './all-catalogs';
import { LOCALE, type Language } from './language';
import { localizeMessage, type FormatMessage } from './translate-message';
import { FIXED, LABELS, TEMPLATES, formatEnglish } from './validation-messages';

const formatIn = (language: Language): FormatMessage => {
  const intl = createIntl({ locale: LOCALE[language], messages: ALL_CATALOGS[language] });
  return (descriptor, values) => intl.formatMessage(descriptor, values);
};
const en = formatIn('en');
const es = formatIn('es');

describe('localizeMessage', () => {
  it.each([
    // fixed texts
    [MESSAGES.passwordsDoNotMatch, 'Las contraseñas no coinciden.'],
    [MESSAGES.saveFailed, 'Hubo un problema al guardar su información. Inténtelo de nuevo.'],
    [BANK_ALREADY_CONNECTED, 'Este banco ya está conectado. No hay nada que volver a conectar.'],
    // templates, with a known label translated
    [requiredMessage('First name'), 'Nombre: este dato es obligatorio'],
    ['Zip code is invalid', 'Código postal: el dato no es válido'],
    [minLengthMessage('New password', 8), 'Nueva contraseña: debe tener al menos 8 caracteres'],
    [maxLengthMessage('Memo', 245), 'Memo: debe tener como máximo 245 caracteres'],
    ['Balance must be greater than $0', 'Saldo: debe ser mayor que $0'],
    ['Amount cannot be negative', 'Cantidad: no puede ser una cantidad negativa'],
    // a question left unanswered is asked again, not called "este dato"
    ['Do you own a car? is required', 'Por favor, responda: ¿Tiene automóvil?'],
    ['Do you have any dependents? is required', 'Por favor, responda: ¿Tiene dependientes?'],
    // the sandbox bank's refusal of a wrong password
    [MESSAGES.bankLoginIncorrect, 'El usuario o la contraseña que ingresó no son correctos.'],
    [
      noCheckingAccountMessage(),
      'Gracias por conectar su banco. No encontramos una cuenta de cheques allí. Conecte el banco donde tiene su cuenta de cheques principal.',
    ],
    [
      reconnectOtherBankMessage('First Bank'),
      'Esta conexión se interrumpió en First Bank. Inicie sesión en First Bank para volver a conectarla.',
    ],
    // a budget refusal names the expense line in Spanish too
    [BUDGET_CUT_MESSAGES.belowFloor('Groceries', 20000), 'Supermercado no puede bajar de $200.'],
    // the bank-connection reasons' questions, asked without an answer
    [skipBankConnectionSchema.safeParse({}).error!.issues[0]!.message, 'Indique por qué omite este paso'],
    [
      provideManuallySchema.safeParse({}).error!.issues[0]!.message,
      'Indique por qué ingresa su cuenta a mano',
    ],
    // a label alone
    ['Phone number', 'Número de teléfono'],
    // unknown texts, and texts already in Spanish, come back unchanged
    ['Something nobody wrote', 'Something nobody wrote'],
    ['Las contraseñas no coinciden.', 'Las contraseñas no coinciden.'],
    ['', ''],
  ])('%s', (english, spanish) => {
    expect(localizeMessage(english, es)).toBe(spanish);
    expect(localizeMessage(english, en)).toBe(english);
  });

  it('writes each English text exactly as FormatJS does, so messages.ts and the catalogs agree', () => {
    for (const d of [...Object.values(FIXED), ...Object.values(LABELS)]) expect(formatEnglish(d)).toBe(en(d));
    const values = {
      label: 'First name',
      n: '8',
      institution: 'First Bank',
      amount: '$5',
      stillToCover: '$5',
      required: '$9',
    };
    for (const d of Object.values(TEMPLATES)) expect(formatEnglish(d, values)).toBe(en(d, values));
  });

  it('knows every label and question the borrower schemas put in their messages', () => {
    const labels = [
      ...Object.values(HOUSEHOLD_LABELS),
      ...Object.values(HOUSEHOLD_QUESTIONS),
      ...Object.values(MISSING_DEBT_LABELS),
      INCOME_LABEL,
      CONFIRM_INCOME_QUESTION,
      NOTIFY_QUESTION,
    ];
    for (const label of labels) expect(localizeMessage(label, es), label).not.toBe(label);
  });

  it('translates the messages the offer’s acceptance and the customer portal’s schemas write', () => {
    const first = (result: { error?: { issues: { message: string }[] } }) => result.error!.issues[0]!.message;
    const cases: [string, string][] = [
      [
        first(reauthorizeSchema.safeParse({ monthlyDraft: 100, agreed: false })),
        'Marque la casilla para autorizar el nuevo monto',
      ],
      [first(reauthorizeSchema.safeParse({ agreed: true })), 'Falta el monto que debe confirmar'],
      [
        first(
          draftDaySettingSchema.safeParse({ draftDay: 5, firstDraftOnNewDay: '2027-01-05', agreed: false }),
        ),
        'Marque la casilla para autorizar los cargos en el nuevo día.',
      ],
      [
        first(draftDaySettingSchema.safeParse({ draftDay: 5, agreed: true })),
        'Falta el primer cargo en el nuevo día. Elija el día otra vez.',
      ],
      [first(textMessagesSettingSchema.safeParse({})), 'Indique si podemos enviarle mensajes de texto'],
      [
        first(
          acceptOffersSchema.safeParse({ leftOut: [], draftDay: 5, disclosuresVersion: 'v', agreed: false }),
        ),
        'Confirme que ha leído los términos y las divulgaciones del plan',
      ],
      [
        first(acceptOffersSchema.safeParse({ leftOut: [], disclosuresVersion: 'v', agreed: true })),
        'Elija el día del mes para su pago',
      ],
      [first(chooseDraftDaySchema.safeParse({ draftDay: 29 })), 'Elija un día del 1 al 28'],
    ];
    for (const [english, spanish] of cases) {
      expect(localizeMessage(english, es)).toBe(spanish);
      expect(localizeMessage(english, en)).toBe(english);
    }
    // The English stays as the spec and the pages write it.
    expect(cases.map(([english]) => english)).toEqual([
      'Please tick the box to authorize the new amount',
      'The amount to confirm is missing',
      'Check the box to authorize drafts on the new day.',
      'The first draft on the new day is missing. Please choose the day again.',
      'Choose whether we may text you',
      'Please confirm you have read the plan’s terms and disclosures',
      'Please choose the day of the month for your payment',
      'Please choose a day from the 1st to the 28th',
    ]);
  });

  it('recognises every budget cut message', () => {
    expect(localizeMessage(BUDGET_CUT_MESSAGES.notCovered(5000, 12000), es)).toBe(
      'Con estos recortes todavía faltan $50 al mes. En conjunto, deben reducir sus gastos en al menos $120.',
    );
    expect(localizeMessage(BUDGET_CUT_MESSAGES.aboveCurrent('Rent', 5000), es)).toBe(
      'Alquiler no puede superar lo que gasta ahora ($50).',
    );
    expect(localizeMessage(BUDGET_CUT_MESSAGES.repeated, es)).toBe('Este gasto aparece dos veces.');
  });
});
