import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueEmail } from '#tests/support/borrower-flow';
import { createTestApp, type TestApp } from '#tests/setup/test-app';
import { user, userGroup } from '#server/db/schema/auth';
import { counsellingCall, counsellor, counsellorWeeklyHours } from '#server/db/schema/index';
import { STAFF_GROUP } from '#server/plugins/staff-group';
import { callTokenKey, signCallToken } from './call-token';

// The public counselling API's refusals in the visitor's language: Spanish when the request is (the language
// switch's cookie, else the browser's Accept-Language), as every other public answer; English otherwise.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.db.delete(counsellingCall);
  await t.db.delete(counsellor);
  // One counsellor taking calls all day, every day, in both languages.
  const id = randomUUID();
  await t.db.insert(user).values({ id, email: uniqueEmail('ana'), name: 'Ana', firstName: 'Ana' });
  await t.db.insert(userGroup).values({ userId: id, groupName: STAFF_GROUP });
  await t.db.insert(counsellor).values({ userId: id, languages: ['en', 'es'] });
  await t.db.insert(counsellorWeeklyHours).values(
    ([1, 2, 3, 4, 5, 6, 7] as const).map((weekday) => ({
      counsellorId: id,
      weekday,
      startMinute: 0,
      endMinute: 1440,
    })),
  );
});
afterAll(async () => t?.close());

const HOUR = 3_600_000;
const SPANISH = { 'accept-language': 'es-US,es;q=0.9' };
const SPANISH_COOKIE = { cookie: 'lang=es', 'accept-language': 'en-US' };

async function openSlots(): Promise<string[]> {
  const params = new URLSearchParams({
    from: new Date(Date.now() + HOUR).toISOString(),
    to: new Date(Date.now() + 49 * HOUR).toISOString(),
    timeZone: 'America/Chicago',
  });
  const res = await t.client().get(`/api/counselling/slots?${params}`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { slots: { startsAt: string }[] }).slots.map((s) => s.startsAt);
}

const visitor = (startsAt: string, over: Record<string, unknown> = {}) => ({
  startsAt,
  timeZone: 'America/Chicago',
  language: 'es',
  reminder: 'email',
  firstName: 'Rosa',
  lastName: 'Visitante',
  email: uniqueEmail('rosa'),
  phoneNumber: '312-555-0142',
  ...over,
});

describe('the counselling API’s refusals in Spanish', () => {
  it('answers a bad slot query’s 400 in Spanish, naming each field in Spanish', async () => {
    const query = new URLSearchParams({
      from: '2026-02-30T10:00:00Z',
      to: 'mañana',
      timeZone: 'Mars/Olympus',
    });
    const res = await t.client().get(`/api/counselling/slots?${query}`, SPANISH);
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toEqual({
      from: 'Desde: el dato no es válido',
      to: 'Hasta: el dato no es válido',
      timeZone: 'Zona horaria: el dato no es válido',
    });
    // The same request in English, as before.
    const english = await t.client().get(`/api/counselling/slots?${query}`);
    expect(english.json().fieldErrors).toMatchObject({
      from: 'From is invalid',
      timeZone: 'Time zone is invalid',
    });
  });

  it('asks an anonymous visitor for each contact field, and the call’s own fields, in Spanish', async () => {
    const res = await t
      .client()
      .post(
        '/api/counselling/calls',
        { startsAt: 'luego', timeZone: 'America/Chicago', language: 'fr', reminder: 'x' },
        SPANISH_COOKIE,
      );
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toMatchObject({
      startsAt: 'Hora de la llamada: el dato no es válido',
      language: 'Idioma: el dato no es válido',
      reminder: 'Recordatorio: el dato no es válido',
    });
    const [slot] = await openSlots();
    const missing = await t
      .client()
      .post(
        '/api/counselling/calls',
        { startsAt: slot, timeZone: 'America/Chicago', language: 'es', reminder: 'email' },
        SPANISH,
      );
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fieldErrors).toEqual({
      firstName: 'Nombre: este dato es obligatorio',
      lastName: 'Apellido: este dato es obligatorio',
      email: 'Correo electrónico: este dato es obligatorio',
      phoneNumber: 'Número de teléfono: este dato es obligatorio',
    });
    // Each by its id, the label a message too.
    const required = (label: string) => ({
      messageId: 'validation.required',
      values: { label: { id: `validation.label.${label}` } },
    });
    expect(missing.json()).toMatchObject({
      messageId: 'validation.required',
      fieldMessages: {
        firstName: required('firstName'),
        lastName: required('lastName'),
        email: required('email'),
        phoneNumber: required('phoneNumber'),
      },
    });
  });

  it('answers a taken time and a second booking with 409 in Spanish', async () => {
    const [slot, next] = await openSlots();
    const email = uniqueEmail('dos');
    expect(
      (await t.client().post('/api/counselling/calls', visitor(slot!, { email }), SPANISH)).statusCode,
    ).toBe(201);
    const taken = await t.client().post('/api/counselling/calls', visitor(slot!), SPANISH);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('Este horario ya no está disponible. Elija otro.');
    const twice = await t.client().post('/api/counselling/calls', visitor(next!, { email }), SPANISH_COOKIE);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(
      'Ya tiene una llamada reservada. Use los enlaces de su correo electrónico para cambiarla o cancelarla.',
    );
    // English when the request is English.
    const english = await t.client().post('/api/counselling/calls', visitor(slot!));
    expect(english.json().message).toBe('This time is no longer open. Please choose another.');
  });

  it('answers the emailed links’ refusals in Spanish: not valid, expired, no longer changeable', async () => {
    const [, , third] = await openSlots();
    const booked = await t.client().post('/api/counselling/calls', visitor(third!), SPANISH);
    expect(booked.statusCode, booked.body).toBe(201);
    const { token } = booked.json() as { token: string };

    const junk = await t.client().get('/api/counselling/calls/by-token/abc', SPANISH);
    expect(junk.statusCode).toBe(400);
    expect(junk.json().message).toBe('Este enlace no es válido.');
    const unknown = signCallToken(
      callTokenKey(t.config.authSecret),
      randomUUID(),
      new Date(Date.now() + 9 * HOUR),
      0,
    );
    const notFound = await t.client().get(`/api/counselling/calls/by-token/${unknown}`, SPANISH);
    expect(notFound.statusCode).toBe(404);
    expect(notFound.json().message).toBe('Este enlace no es válido.');
    const over = signCallToken(
      callTokenKey(t.config.authSecret),
      randomUUID(),
      new Date(Date.now() - 1000),
      0,
    );
    const expired = await t.client().get(`/api/counselling/calls/by-token/${over}`, SPANISH);
    expect(expired.json().message).toBe('Este enlace ha vencido: la llamada para la que era ya pasó.');

    const badAction = await t
      .client()
      .post(`/api/counselling/calls/by-token/${token}`, { action: 'x' }, SPANISH);
    expect(badAction.statusCode).toBe(400);
    expect(badAction.json().message).toBe('Acción: el dato no es válido');
    const path = `/api/counselling/calls/by-token/${token}`;
    expect((await t.client().post(path, { action: 'cancel' }, SPANISH)).statusCode).toBe(200);
    const again = await t.client().post(path, { action: 'cancel' }, SPANISH);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Esta llamada ya no se puede cambiar.');
  });
});
