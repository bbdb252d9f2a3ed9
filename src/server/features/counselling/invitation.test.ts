import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { uniqueEmail } from '#tests/support/borrower-flow';
import { createTestApp, type TestApp } from '#tests/setup/test-app';
import { user, userGroup } from '#server/db/schema/auth';
import { counsellingCall, counsellor, counsellorWeeklyHours } from '#server/db/schema/index';
import { STAFF_GROUP } from '#server/plugins/staff-group';

// GET /api/counselling/calls/by-token/:token/invitation: the calendar file the confirmation page offers.

const lines: string[] = [];
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(
    { LOG_LEVEL: 'info' },
    { logStream: { write: (line: string) => void lines.push(line) } },
  );
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.db.delete(counsellingCall);
  await t.db.delete(counsellor);
});

const HOUR = 3_600_000;

/** A counsellor free every day, all day, speaking English and Spanish. */
async function addCounsellor() {
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
}

async function bookOne(language: 'en' | 'es' = 'en') {
  await addCounsellor();
  const params = new URLSearchParams({
    from: new Date(Date.now() + HOUR).toISOString(),
    to: new Date(Date.now() + 49 * HOUR).toISOString(),
    timeZone: 'America/Chicago',
    language,
  });
  const slots = (
    (await t.client().get(`/api/counselling/slots?${params}`)).json() as { slots: { startsAt: string }[] }
  ).slots;
  const email = uniqueEmail('vera');
  const res = await t.client().post('/api/counselling/calls', {
    startsAt: slots[0]!.startsAt,
    timeZone: 'America/Chicago',
    language,
    reminder: 'email',
    firstName: 'Vera',
    lastName: 'Visitor',
    email,
    phoneNumber: '415-555-0188',
  });
  expect(res.statusCode, res.body).toBe(201);
  return { token: (res.json() as { token: string }).token, slots, email };
}

const invitation = (token: string) => t.client().get(`/api/counselling/calls/by-token/${token}/invitation`);
/** The file without its creation stamp, which says when it was written and nothing of the call. */
const unstamped = (ics: string) => ics.replace(/^DTSTAMP:.*\r\n/m, '');
const stamp = (iso: string) => iso.replace(/[-:]/g, '').replace(/\.\d{3}/, '');

/**
 * A calendar file read as a calendar does (RFC 5545 section 3.1): the physical lines (each must end in CRLF),
 * then the content lines once "any sequence of CRLF followed immediately by a single linear white-space
 * character is ignored", each as its name, parameters and value (text values unescaped).
 */
function parseIcs(ics: string) {
  expect(ics.endsWith('\r\n')).toBe(true);
  const physical = ics.slice(0, -2).split('\r\n');
  expect(physical.every((line) => !line.includes('\n') && !line.includes('\r'))).toBe(true);
  const properties = ics
    .replace(/\r\n[ \t]/g, '')
    .slice(0, -2)
    .split('\r\n')
    .map((line) => {
      const colon = line.search(/:(?=(?:[^"]*"[^"]*")*[^"]*$)/);
      const [name, ...params] = line.slice(0, colon).split(';');
      const value = line
        .slice(colon + 1)
        .replace(/\\n/gi, '\n')
        .replace(/\\([,;\\])/g, '$1');
      return { name: name!, params, value };
    });
  const one = (name: string) => {
    const found = properties.filter((p) => p.name === name);
    expect(found, name).toHaveLength(1);
    return found[0]!;
  };
  return { physical, properties, one };
}

describe('the calendar file, as a calendar reads it', () => {
  it('folds every line at 75 octets, Spanish included, and unfolds to the very text', async () => {
    const { token } = await bookOne('es');
    const res = await invitation(token);
    const ics = parseIcs(res.body);
    // RFC 5545 section 3.1: "Lines of text SHOULD NOT be longer than 75 octets, excluding the line break."
    for (const line of ics.physical) expect(Buffer.byteLength(line, 'utf8'), line).toBeLessThanOrEqual(75);
    // The fold never cuts a character: each physical line is whole UTF-8 on its own.
    for (const line of ics.physical)
      expect(() => new TextDecoder('utf-8', { fatal: true }).decode(Buffer.from(line, 'utf8'))).not.toThrow();
    const description = ics.one('DESCRIPTION').value;
    expect(description).toMatch(
      /^Harbor Light Credit Counseling lo llamará al \(415\) 555-0188\. Para cambiar o cancelar la llamada: https?:\/\/\S+token=\S+$/,
    );
    expect(ics.one('SUMMARY').value).toBe('Llamada con un consejero de crédito');
  });

  it('names the agency as ORGANIZER in a PUBLISH and in a CANCEL, and no attendee', async () => {
    const { token } = await bookOne();
    const published = parseIcs((await invitation(token)).body);
    expect(published.one('METHOD').value).toBe('PUBLISH');
    // RFC 5546 section 3.2.1: 'The "Organizer" MUST be present in a published iCalendar component.
    // "Attendees" MUST NOT be present.'
    const organizer = published.one('ORGANIZER');
    expect(organizer.value.toLowerCase()).toBe('mailto:support@example.org');
    // A parameter value may be quoted (RFC 5545 section 3.2).
    expect(organizer.params.map((p) => p.replace(/"/g, ''))).toContain('CN=Harbor Light Credit Counseling');
    expect(published.properties.some((p) => p.name === 'ATTENDEE')).toBe(false);

    await t.client().post(`/api/counselling/calls/by-token/${token}`, { action: 'cancel' });
    const cancelled = parseIcs((await invitation(token)).body);
    expect(cancelled.one('METHOD').value).toBe('CANCEL');
    // RFC 5546 section 3.2.5: the CANCEL "is sent by the "Organizer" of the event".
    expect(cancelled.one('ORGANIZER').value.toLowerCase()).toBe('mailto:support@example.org');
  });

  it('says a cancelled call is cancelled, never a sentence left waiting for a link', async () => {
    for (const [language, text] of [
      ['en', 'This call with Harbor Light Credit Counseling is cancelled.'],
      ['es', 'Esta llamada con Harbor Light Credit Counseling está cancelada.'],
    ] as const) {
      const { token, email } = await bookOne(language);
      await t.client().post(`/api/counselling/calls/by-token/${token}`, { action: 'cancel' });
      const file = parseIcs((await invitation(token)).body);
      expect(file.one('DESCRIPTION').value).toBe(text);
      expect(file.properties.some((p) => p.name === 'URL')).toBe(false);
      // The cancellation email's attachment says the same.
      const mail = (await t.emailsTo(email)).find((m) => m.kind === 'counselling-call-cancelled')!;
      const attached = parseIcs(Buffer.from(mail.attachments[0]!.content, 'base64').toString('utf8'));
      expect(attached.one('DESCRIPTION').value).toBe(text);
      // Its words say the file takes the call out of the calendar, not that it adds it.
      expect(mail.text).not.toMatch(/adds the call|agrega la llamada/);
      expect(mail.text).toContain(
        language === 'en'
          ? 'The attached file takes the call out of your calendar.'
          : 'El archivo adjunto quita la llamada de su calendario.',
      );
      await t.db.delete(counsellingCall);
      await t.db.delete(counsellor);
    }
  });
});

describe('GET /api/counselling/calls/by-token/:token/invitation', () => {
  it('answers the very invitation the booking email attached, as a calendar file to download', async () => {
    const { token, email } = await bookOne();
    const res = await invitation(token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8; method=PUBLISH');
    expect(res.headers['content-disposition']).toBe('attachment; filename="counselling-call.ics"');
    expect(res.headers['cache-control']).toBe('no-store');
    const [mail] = await t.emailsTo(email);
    const attached = Buffer.from(mail!.attachments[0]!.content, 'base64').toString('utf8');
    expect(unstamped(res.body)).toBe(unstamped(attached));
    expect(res.body).not.toContain(email);
  });

  it('follows the call: a moved call’s file has the new time and a higher SEQUENCE, a cancelled one cancels', async () => {
    const { token, slots } = await bookOne();
    const moved = await t.client().post(`/api/counselling/calls/by-token/${token}`, {
      action: 'reschedule',
      startsAt: slots[2]!.startsAt,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const newToken = (moved.json() as { token: string }).token;
    const afterMove = (await invitation(newToken)).body;
    expect(afterMove).toContain(`DTSTART:${stamp(slots[2]!.startsAt)}`);
    expect(afterMove).toContain('SEQUENCE:1');
    expect(afterMove).toContain('STATUS:CONFIRMED');

    await t.client().post(`/api/counselling/calls/by-token/${newToken}`, { action: 'cancel' });
    const afterCancel = await invitation(newToken);
    expect(afterCancel.statusCode).toBe(200);
    expect(afterCancel.headers['content-type']).toContain('method=CANCEL');
    expect(afterCancel.body).toContain('METHOD:CANCEL');
    expect(afterCancel.body).toContain('STATUS:CANCELLED');
    expect(afterCancel.body).toContain('SEQUENCE:2');
  });

  it('is written in the call’s language', async () => {
    const { token } = await bookOne('es');
    const res = await invitation(token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="[a-z-]+\.ics"$/);
    expect(res.body).toContain('lang=es');
  });

  it('answers 404 to an altered or unknown token and 400 to one of the wrong shape, and logs no token', async () => {
    const { token } = await bookOne();
    const [body, mac] = token.split('.') as [string, string];
    const altered = `${body}.${mac.startsWith('A') ? 'B' : 'A'}${mac.slice(1)}`;
    expect((await invitation(altered)).statusCode).toBe(404);
    expect((await invitation(`${'A'.repeat(27)}.${'A'.repeat(22)}`)).statusCode).toBe(404);
    expect((await invitation('short')).statusCode).toBe(400);
    expect((await invitation(`${token}%00%0A`)).statusCode).toBe(400);
    const logged = lines.join('\n');
    expect(logged).toContain('/invitation');
    expect(logged).not.toContain(token);
    expect(logged).not.toContain(mac);
  });
});
