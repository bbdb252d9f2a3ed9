import Fastify from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from '#domain/errors';
import { leadSchema } from '#domain/validation/account';
import { LABELS } from '#domain/i18n/validation-messages';
import { invalidRef, noCheckingAccountRef } from '#domain/validation/messages';
import { registerErrorHandler } from './error-handler';

// A small app with the real error handler: a borrower's form route, the same under /api/staff, and a route
// that fails with an AppError.
const app = Fastify().withTypeProvider<ZodTypeProvider>();
beforeAll(async () => {
  app.setValidatorCompiler(validatorCompiler);
  registerErrorHandler(app);
  for (const url of ['/api/lead', '/api/staff/lead'])
    app.post(url, { schema: { body: leadSchema } }, () => ({ ok: true }));
  app.get('/api/conflict', () => {
    throw new AppError('Conflict');
  });
  app.get('/api/no-checking-account', () => {
    throw new AppError('NoCheckingAccount', noCheckingAccountRef('First Platypus Bank'));
  });
  app.get('/api/staff/conflict', () => {
    throw new AppError('Conflict');
  });
  app.get('/api/field-refs', () => {
    const message = invalidRef(LABELS.email);
    throw new AppError('ValidationError', message, {
      fieldErrors: { email: message, note: 'A text without an id' },
    });
  });
  app.get('/api/fields', () => {
    throw new AppError('ValidationError', undefined, { fieldErrors: { email: 'Email address is invalid' } });
  });
  // Texts without an id that are, word for word, the English of messages of ours.
  app.get('/api/text', () => {
    throw new AppError(
      'Conflict',
      'This information was changed by someone else. Please reload and try again.',
    );
  });
  app.post(
    '/api/text-rule',
    { schema: { body: z.object({ firstName: z.string().min(1, 'First name is required') }) } },
    () => ({ ok: true }),
  );
  app.get('/api/busy', () => {
    throw Object.assign(new Error('Rate limit exceeded, retry in 1 minute'), { statusCode: 429 });
  });
  await app.ready();
});
afterAll(() => app.close());

const body = { firstName: '', lastName: 'Smith', email: 'a@example.com', phoneNumber: '555-555-5555' };
const post = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url, payload: { ...body, agreedToTerms: true }, headers });

describe('error answers in the reader’s language', () => {
  it('answers a form’s 400 in English by default', async () => {
    const res = await post('/api/lead');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: 'First name is required',
      fieldErrors: { firstName: 'First name is required' },
    });
  });

  it.each<Record<string, string>>([{ 'accept-language': 'es-MX,es;q=0.9,en;q=0.5' }, { cookie: 'lang=es' }])(
    'answers a form’s 400 in Spanish for %o',
    async (headers) => {
      const res = await post('/api/lead', headers);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'ValidationError',
        message: 'Nombre: este dato es obligatorio',
        fieldErrors: { firstName: 'Nombre: este dato es obligatorio' },
      });
    },
  );

  it('sends each field message’s id and values beside its text, worded by that id', async () => {
    const res = await post('/api/lead', { cookie: 'lang=es' });
    expect(res.json()).toMatchObject({
      message: 'Nombre: este dato es obligatorio',
      messageId: 'validation.required',
      values: { label: { id: 'validation.label.firstName' } },
      fieldErrors: { firstName: 'Nombre: este dato es obligatorio' },
      fieldMessages: {
        firstName: {
          messageId: 'validation.required',
          values: { label: { id: 'validation.label.firstName' } },
        },
      },
    });
  });

  it('words an AppError’s message by its id', async () => {
    const conflict = await app.inject({
      method: 'GET',
      url: '/api/conflict',
      headers: { cookie: 'lang=es' },
    });
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json()).toEqual({
      code: 'Conflict',
      message: 'Otra persona cambió esta información. Vuelva a cargar la página e inténtelo de nuevo.',
      messageId: 'validation.appError.conflict',
    });
  });

  it('never reads an English text back into a message: a text without an id is sent as it came', async () => {
    const inSpanish = { cookie: 'lang=es' };
    const text = await app.inject({ method: 'GET', url: '/api/text', headers: inSpanish });
    expect(text.json()).toEqual({
      code: 'Conflict',
      message: 'This information was changed by someone else. Please reload and try again.',
    });
    const fields = await app.inject({ method: 'GET', url: '/api/fields', headers: inSpanish });
    expect(fields.json().fieldErrors).toEqual({ email: 'Email address is invalid' });
    expect(fields.json().fieldMessages).toBeUndefined();
    // A schema's rule given as English only (the staff's schemas): English, whatever the reader's language.
    const rule = await app.inject({
      method: 'POST',
      url: '/api/text-rule',
      payload: { firstName: '' },
      headers: inSpanish,
    });
    expect(rule.json()).toEqual({
      code: 'ValidationError',
      message: 'First name is required',
      fieldErrors: { firstName: 'First name is required' },
    });
  });

  it('answers the rate limiter’s refusal with a message of ours, by its id', async () => {
    const busy = await app.inject({ method: 'GET', url: '/api/busy', headers: { cookie: 'lang=es' } });
    expect(busy.statusCode).toBe(429);
    expect(busy.json()).toMatchObject({
      code: 'LimitExceededException',
      messageId: 'validation.appError.rateLimited',
    });
    expect(busy.json().message).not.toMatch(/Rate limit|Too many/);
  });

  it('words an AppError’s field messages given by id in the reader’s language, and sends their ids', async () => {
    const get = (headers: Record<string, string> = {}) =>
      app.inject({ method: 'GET', url: '/api/field-refs', headers }).then((res) => res.json());
    const fieldMessages = {
      email: { messageId: 'validation.invalid', values: { label: { id: 'validation.label.email' } } },
    };
    expect(await get({ cookie: 'lang=es' })).toEqual({
      code: 'ValidationError',
      message: 'Correo electrónico: el dato no es válido',
      ...fieldMessages.email,
      // A field's text without an id passes as it came; only the fields with one are in fieldMessages.
      fieldErrors: { email: 'Correo electrónico: el dato no es válido', note: 'A text without an id' },
      fieldMessages,
    });
    expect(await get()).toMatchObject({
      fieldErrors: { email: 'Email address is invalid', note: 'A text without an id' },
      fieldMessages,
    });
  });

  it('keeps the service portal’s answers in English', async () => {
    const res = await post('/api/staff/lead', { cookie: 'lang=es' });
    expect(res.json().fieldErrors).toEqual({ firstName: 'First name is required' });
  });

  it('sends an error’s message id and values beside its text, which is worded by that id', async () => {
    const get = (url: string, headers: Record<string, string> = {}) =>
      app.inject({ method: 'GET', url, headers }).then((res) => res.json());
    const english = await get('/api/no-checking-account');
    expect(english).toEqual({
      code: 'NoCheckingAccount',
      message:
        'Thank you for connecting First Platypus Bank. We did not find a checking account there. Please connect the bank that holds your primary checking account.',
      messageId: 'validation.bank.noCheckingAccount',
      values: { institution: 'First Platypus Bank' },
    });
    const spanish = await get('/api/no-checking-account', { cookie: 'lang=es' });
    expect(spanish).toMatchObject({ messageId: english.messageId, values: english.values });
    expect(spanish.message).toMatch(/^Gracias por conectar First Platypus Bank\./);
    // The code's own message carries its id too; the service portal reads it in English.
    expect(await get('/api/staff/conflict', { cookie: 'lang=es' })).toEqual({
      code: 'Conflict',
      message: 'This information was changed by someone else. Please reload and try again.',
      messageId: 'validation.appError.conflict',
    });
  });
});
