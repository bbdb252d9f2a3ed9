import { describe, expect, it } from 'vitest';
import { ALL_CATALOGS } from './all-catalogs';
import { LANGUAGES } from './language';
import {
  englishOf,
  formatMessageRef,
  messageRef,
  messageRefFrom,
  MESSAGES_BY_ID,
  type FormatMessage,
} from './message';
import { FIXED, LABELS, TEMPLATES, formatEnglish } from './validation-messages';
import { createIntl } from '@formatjs/intl';

const spanish = createIntl({ locale: 'es-US', defaultLocale: 'en-US', messages: ALL_CATALOGS.es });
const inSpanish = (ref: Parameters<typeof formatMessageRef>[0]) =>
  formatMessageRef(ref, (descriptor, values) => spanish.formatMessage(descriptor, values));

describe('messages by id', () => {
  it.each(LANGUAGES)('every message a borrower is answered with has its id in the %s catalog', (language) => {
    const missing = [...MESSAGES_BY_ID.keys()].filter((id) => !Object.hasOwn(ALL_CATALOGS[language], id));
    expect(missing).toEqual([]);
  });

  it('holds every fixed text, template and label, each under its own id', () => {
    const declared = [...Object.values(FIXED), ...Object.values(TEMPLATES), ...Object.values(LABELS)];
    for (const descriptor of declared) expect(MESSAGES_BY_ID.get(String(descriptor.id))).toBe(descriptor);
  });

  it('writes each English text exactly as FormatJS does, so messages.ts and the catalogs agree', () => {
    const intl = createIntl({ locale: 'en-US', messages: ALL_CATALOGS.en });
    const english: FormatMessage = (descriptor, values) => intl.formatMessage(descriptor, values);
    for (const d of [...Object.values(FIXED), ...Object.values(LABELS)])
      expect(formatEnglish(d)).toBe(english(d));
    const values = {
      label: 'First name',
      n: '8',
      institution: 'First Bank',
      amount: '$5',
      stillToCover: '$5',
      required: '$9',
    };
    for (const d of Object.values(TEMPLATES)) expect(formatEnglish(d, values)).toBe(english(d, values));
  });

  it('writes the English from the id and values, a label given as a message worded as its own', () => {
    const ref = messageRef(TEMPLATES.required, { label: messageRef(LABELS.firstName) });
    expect(englishOf(ref)).toBe('First name is required');
    expect(inSpanish(ref)).toBe('Nombre: este dato es obligatorio');
    expect(englishOf(messageRef(FIXED.passwordsDoNotMatch))).toBe(formatEnglish(FIXED.passwordsDoNotMatch));
  });

  it('reads a message from an answer only when its id is one of ours and its values are text or messages', () => {
    expect(messageRefFrom('validation.required', { label: { id: 'validation.label.city' } })).toEqual({
      id: 'validation.required',
      values: { label: { id: 'validation.label.city' } },
    });
    expect(messageRefFrom('validation.passwordsDoNotMatch', undefined)).toEqual({
      id: 'validation.passwordsDoNotMatch',
    });
    expect(messageRefFrom('no.such.message', undefined)).toBeUndefined();
    expect(messageRefFrom('validation.required', { label: { id: 'no.such.label' } })).toBeUndefined();
    expect(messageRefFrom('validation.required', { label: true })).toBeUndefined();
    expect(messageRefFrom(42, undefined)).toBeUndefined();
  });
});
