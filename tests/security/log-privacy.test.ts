import { randomBytes, randomInt } from 'node:crypto';
import { DrizzleQueryError } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { householdBody, put, type Client } from '#tests/support/borrower-flow';
import { atPaymentOptions } from '#tests/support/enrollment';
import { signedInStaff } from '#tests/support/staff-actions';
import { betterAuthLogger, loggerOptions, serializeError } from '#server/logging';
import { createAuth } from '#server/plugins/auth';
import { createTestApp, type TestApp } from '../setup/test-app';

// No personal or financial value reaches the logs. Every personal field, query string and failure below
// carries a canary, a value made up for this run; the app logs as in production (at its most verbose level)
// into memory, and the canaries must appear in no line. The failures are the places values used to leak: a
// query failing in the database (Drizzle's error lists every parameter, PostgreSQL's detail repeats the
// row), better-auth's own logger (it printed a failed user insert with its arguments), and a provider SDK's
// error (the request it carries holds our secret).

const letters = (n: number) => Array.from(randomBytes(n), (b) => String.fromCharCode(97 + (b % 26))).join('');
/** A name-like canary: letters only, so every name and address rule accepts it. */
const word = () => `Cq${letters(10)}`;
const digits = (n: number) =>
  `${randomInt(1, 10)}${Array.from({ length: n - 1 }, () => randomInt(0, 10)).join('')}`;
const dateOfBirth = () => {
  const [y, m, d] = [randomInt(1950, 1991), randomInt(1, 13), randomInt(1, 29)];
  const pad = (n: number) => String(n).padStart(2, '0');
  return { form: `${pad(m)}-${pad(d)}-${y}`, iso: `${y}-${pad(m)}-${pad(d)}` };
};
const phone = () => {
  const [exchange, line] = [`${randomInt(2, 10)}${digits(2)}`, digits(4)];
  return { form: `415-${exchange}-${line}`, digits: `415${exchange}${line}`, dashed: `${exchange}-${line}` };
};

const lead = { firstName: word(), lastName: word(), emailLocal: word(), phone: phone() };
const household = {
  addressLine1: word(),
  addressLine2: word(),
  dateOfBirth: dateOfBirth(),
  spouseFirstName: word(),
  spouseLastName: word(),
  spouseEmailLocal: word(),
  spousePhone: phone(),
  spouseAddressLine1: word(),
  spouseDateOfBirth: dateOfBirth(),
};
/** Seven whole dollars without a zero: its cents (nine digits) cannot turn up by chance in a time or a duration. */
const incomeDollars = Number(Array.from({ length: 7 }, () => randomInt(1, 10)).join(''));
const accountNumber = digits(12);
const missingCreditor = word();
const searchValue = word();
const addressQuery = word();
const forgotEmailLocal = word();
const signUp = { name: word(), emailLocal: word() };

/** Every canary, by where it was typed; the log is searched for each (lower case: emails are stored so). */
const CANARIES: Record<string, string> = {
  'lead first name': lead.firstName,
  'lead last name': lead.lastName,
  'lead email': lead.emailLocal,
  'lead phone': lead.phone.digits,
  'lead phone (dashed)': lead.phone.dashed,
  'household address line 1': household.addressLine1,
  'household address line 2': household.addressLine2,
  'date of birth': household.dateOfBirth.iso,
  'date of birth (as typed)': household.dateOfBirth.form,
  'spouse first name': household.spouseFirstName,
  'spouse last name': household.spouseLastName,
  'spouse email': household.spouseEmailLocal,
  'spouse phone': household.spousePhone.digits,
  'spouse phone (dashed)': household.spousePhone.dashed,
  'spouse address': household.spouseAddressLine1,
  'spouse date of birth': household.spouseDateOfBirth.iso,
  'spouse date of birth (as typed)': household.spouseDateOfBirth.form,
  'monthly income (cents)': `${incomeDollars}00`,
  'manual account number': accountNumber,
  'missing debt creditor name': missingCreditor,
  'staff queue searchValue': searchValue,
  'address suggestions query': addressQuery,
  'forgot-password email': forgotEmailLocal,
  'better-auth sign-up name': signUp.name,
  'better-auth sign-up email': signUp.emailLocal,
};

/** A value that makes a save fail in the database (the check constraints added below). */
const FAIL_MARKER = 'Fail Here';

const lines: string[] = [];
const logStream = { write: (line: string) => void lines.push(line) };
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ LOG_LEVEL: 'trace' }, { logStream });
  // Fault injection in this test database only: a row carrying the marker breaks a check constraint, so the
  // statement fails in the database with the person's values as its parameters and in PostgreSQL's detail.
  await t.database.executeSql(`
    alter table borrower add constraint log_test_borrower check (address_line2 is distinct from '${FAIL_MARKER}');
    alter table spouse add constraint log_test_spouse check (address_line2 is distinct from '${FAIL_MARKER}');
    alter table verification add constraint log_test_verification check (identifier not like '%failhere%');
    alter table "user" add constraint log_test_user check (name not like '%Failhere%');
  `);
});
afterAll(async () => {
  await t.close();
});

const householdInput = (o: { borrowerLine2?: string; spouseLine2?: string } = {}) =>
  householdBody(lead.lastName, {
    borrower: {
      firstName: lead.firstName,
      lastName: lead.lastName,
      phoneNumber: lead.phone.form,
      addressLine1: `12 ${household.addressLine1} St`,
      addressLine2: o.borrowerLine2 ?? `Apt ${household.addressLine2}`,
      city: 'Springfield',
      state: 'IL',
      zipCode: '62701',
      dateOfBirth: household.dateOfBirth.form,
    },
    hasSpouse: true,
    spouse: {
      firstName: household.spouseFirstName,
      lastName: household.spouseLastName,
      email: `${household.spouseEmailLocal}@example.com`,
      phoneNumber: household.spousePhone.form,
      dateOfBirth: household.spouseDateOfBirth.form,
      hasSameAddressAsBorrower: false,
      addressLine1: `9 ${household.spouseAddressLine1} Ave`,
      addressLine2: o.spouseLine2 ?? null,
      city: 'Springfield',
      state: 'IL',
      zipCode: '62701',
    },
  });

async function expectStatus(res: Awaited<ReturnType<Client['send']>>, status: number) {
  expect(res.statusCode, res.body).toBe(status);
  return res;
}

type LogLine = { msg?: string; err?: Record<string, unknown> & { cause?: Record<string, unknown> } };
const parsed = () => lines.map((line) => JSON.parse(line) as LogLine);

/** The canaries found in the log, each with the start of the first line holding it. */
function leaks(text: string[]) {
  const found: Record<string, string> = {};
  for (const [field, value] of Object.entries(CANARIES)) {
    const line = text.find((l) => l.toLowerCase().includes(value.toLowerCase()));
    if (line) found[field] = line.slice(0, 300);
  }
  return found;
}

describe('no personal value reaches the logs', () => {
  it('a borrower through the flow, failed saves, searches, a failed reset and a failed better-auth sign-up', async () => {
    // The lead form, every field a canary.
    const borrower = t.client();
    await expectStatus(
      await borrower.post('/api/lead', {
        firstName: lead.firstName,
        lastName: lead.lastName,
        email: `${lead.emailLocal}@example.com`,
        phoneNumber: lead.phone.form,
        agreedToTerms: true,
      }),
      201,
    );
    await expectStatus(
      await put(borrower, '/api/application/hardships', { hasReductionInIncome: true }),
      200,
    );

    // Two saves that fail in the database: the borrower's row, then the spouse's (an insert).
    await expectStatus(
      await put(borrower, '/api/application/household', householdInput({ borrowerLine2: FAIL_MARKER })),
      500,
    );
    await expectStatus(
      await put(borrower, '/api/application/household', householdInput({ spouseLine2: FAIL_MARKER })),
      500,
    );
    const saved = await expectStatus(
      await put(borrower, '/api/application/household', householdInput()),
      200,
    );
    expect(saved.json()).toEqual({ next: '/credit' });

    // The spouse's own consent from the emailed link: the address, the token and the names typed (a wrong
    // one first) stay out of the log.
    // The address as stored: the email field writes it in lower case.
    const spouseEmail = `${household.spouseEmailLocal}@example.com`.toLowerCase();
    await expectStatus(
      await borrower.post('/api/application/credit/spouse-consent/link', { email: spouseEmail }),
      200,
    );
    const link = (await t.lastEmail(spouseEmail))!.url;
    const token = new URLSearchParams(link.hash.slice(1)).get('t');
    const spouseBrowser = t.client();
    await expectStatus(await spouseBrowser.post('/api/spouse-consent/view', { token }), 200);
    await expectStatus(
      await spouseBrowser.post('/api/spouse-consent', {
        token,
        consentedToCreditPolicy: true,
        fullName: `${household.spouseLastName} ${household.spouseFirstName}`,
      }),
      400,
    );
    await expectStatus(
      await spouseBrowser.post('/api/spouse-consent', {
        token,
        consentedToCreditPolicy: true,
        fullName: `${household.spouseFirstName} ${household.spouseLastName}`,
      }),
      204,
    );
    expect(lines.join('\n')).not.toContain(token!);
    await expectStatus(
      await put(borrower, '/api/application/credit', { consentedToCreditPolicy: true }),
      200,
    );
    // 'A debt is missing?': the creditor the borrower typed stays out of the log, as does the bad one.
    await expectStatus(
      await borrower.send('POST', '/api/application/eligible-debts/missing', {
        creditorName: `${missingCreditor}\u0007`,
        currentBalance: 250_000,
        monthlyPayment: 7_500,
      }),
      400,
    );
    await expectStatus(
      await borrower.send('POST', '/api/application/eligible-debts/missing', {
        creditorName: missingCreditor,
        currentBalance: 250_000,
        monthlyPayment: 7_500,
      }),
      200,
    );
    const items = (await borrower.get('/api/application/eligible-debts')).json().items as { id: string }[];
    await expectStatus(
      await put(borrower, '/api/application/eligible-debts', { selectedIds: items.map((i) => i.id) }),
      200,
    );
    await expectStatus(
      await put(borrower, '/api/application/income', {
        selfReportedMonthlyCurrentIncome: incomeDollars * 100,
      }),
      200,
    );
    await expectStatus(
      await borrower.get(`/api/address-suggestions?query=${encodeURIComponent(`12 ${addressQuery}`)}`),
      200,
    );

    // A payment account entered by hand.
    const payer = await atPaymentOptions(t, 'Logpayer');
    await expectStatus(
      await put(payer.client, '/api/application/payments/payment-account', {
        accountNumber,
        confirmAccountNumber: accountNumber,
        routingNumber: '021000021',
      }),
      200,
    );

    // A staff search by name.
    const staff = await signedInStaff(t);
    await expectStatus(await staff.client.get(`/api/staff/queue?searchValue=${searchValue}`), 200);

    // A reset request whose code cannot be stored: better-auth's insert fails in the database.
    await expectStatus(
      await t
        .client()
        .post('/api/auth/forgot-password', { email: `${forgotEmailLocal}.failhere@example.com` }),
      500,
    );

    // better-auth's own logger: a sign-up whose user insert fails logs "Failed to create user" with the error.
    const auth = createAuth({
      config: t.config,
      db: t.db,
      sendOtp: async () => {},
      log: pino(loggerOptions('trace'), logStream),
    });
    await expect(
      auth.api.signUpEmail({
        body: {
          email: `${signUp.emailLocal}@example.com`,
          password: 'Better#Pass1',
          name: `${signUp.name} Failhere`,
        },
      }),
    ).rejects.toThrow();

    // The test can fail: lines were written, and the failures were logged (safely) with what they are.
    const log = parsed();
    expect(log.length).toBeGreaterThan(50);
    const failed = log.filter((l) => l.msg === 'request failed');
    expect(failed.length).toBeGreaterThanOrEqual(3);

    expect(leaks(lines)).toEqual({});

    // The failures were logged with what they are, without the values.
    const checkViolations = failed.filter(
      (l) => l.err?.type === 'DrizzleQueryError' && l.err.cause?.errorCode === '23514',
    );
    expect(checkViolations.length).toBeGreaterThanOrEqual(3);
    for (const l of checkViolations) {
      // The statement's shape stays, so the failure can be understood; its values do not.
      expect(String(l.err?.message)).toMatch(/^Failed query: (insert|update) /);
      expect(String(l.err?.cause?.message)).toMatch(/violates check constraint "log_test_/);
    }
    const authLine = log.find((l) => l.msg === 'better-auth: Failed to create user');
    expect(authLine?.err?.type).toBe('DrizzleQueryError');
  });
});

describe('the error serializer', () => {
  const SECRET = `secret-${letters(12)}`;

  it('keeps a failed query to its SQL and the database error to its code, constraint and a valueless message', () => {
    const cause = Object.assign(new Error(`invalid input syntax for type uuid: "${SECRET}"`), {
      code: '22P02',
      severity: 'ERROR',
      detail: `Key (email)=(${SECRET}) already exists.`,
      where: `SQL statement "select '${SECRET}'"`,
      constraint: 'user_email_key',
      table: 'user',
      query: 'insert into "user" ("email") values ($1)',
      params: [SECRET],
    });
    const error = new DrizzleQueryError('insert into "user" ("email") values ($1)', [SECRET], cause);
    const out = JSON.stringify(serializeError(error));
    expect(out).not.toContain(SECRET);
    expect(serializeError(error)).toMatchObject({
      type: 'DrizzleQueryError',
      message: 'Failed query: insert into "user" ("email") values ($1)',
      cause: {
        errorCode: '22P02',
        constraint: 'user_email_key',
        table: 'user',
        message: 'invalid input syntax for type uuid: [redacted]',
      },
    });
    // The stack's frames stay; its first line is the safe message.
    expect((serializeError(error) as { stack: string }).stack).toMatch(
      /^DrizzleQueryError: Failed query: .*\n\s+at /,
    );

    const outOfRange = Object.assign(new Error(`value "${SECRET}" is out of range for type integer`), {
      code: '22003',
      severity: 'ERROR',
    });
    expect(JSON.stringify(serializeError(outOfRange))).not.toContain(SECRET);
  });

  it('drops an HTTP client error’s request, config and answer body, keeping the status', () => {
    // The shape of an axios error (the Plaid and DocuSign SDKs): the request body carries the secret.
    const error = Object.assign(new Error('Request failed with status code 400'), {
      code: 'ERR_BAD_REQUEST',
      config: { url: '/link/token/create', data: JSON.stringify({ client_id: 'x', secret: SECRET }) },
      request: { _header: `POST /link/token/create\r\nPLAID-SECRET: ${SECRET}` },
      response: { status: 400, data: { error_message: 'bad', request: { secret: SECRET } } },
      nested: { secret: SECRET },
    });
    const out = serializeError(error);
    expect(JSON.stringify(out)).not.toContain(SECRET);
    expect(out).toMatchObject({ type: 'Error', errorCode: 'ERR_BAD_REQUEST', status: 400 });
  });

  it('gives a logged error a safe message, also when the error itself is logged or its message passed', () => {
    const written: string[] = [];
    const log = pino(loggerOptions('info'), { write: (line: string) => void written.push(line) });
    const error = new DrizzleQueryError(
      'update "borrower" set "first_name" = $1',
      [SECRET],
      new Error('boom'),
    );
    log.error(error);
    log.error({ err: error });
    log.error({ err: error }, error.message);
    log.warn({ error }, 'with another key');
    expect(written).toHaveLength(4);
    for (const line of written) expect(line).not.toContain(SECRET);
    expect(JSON.parse(written[0]!).msg).toBe('Failed query: update "borrower" set "first_name" = $1');
  });

  it('routes better-auth’s logger through it, without the values in its message or arguments', () => {
    const written: string[] = [];
    const log = pino(loggerOptions('debug'), { write: (line: string) => void written.push(line) });
    const logger = betterAuthLogger(log);
    logger.log('info', `Sign-up attempt for existing email: ${SECRET}@example.com`, { email: SECRET });
    logger.log(
      'error',
      'Failed to create user',
      new DrizzleQueryError('insert into "user" ("name") values ($1)', [SECRET], new Error('x')),
      { body: { name: SECRET } },
    );
    expect(written).toHaveLength(2);
    for (const line of written) expect(line).not.toContain(SECRET);
    expect(JSON.parse(written[0]!).msg).toBe('better-auth: Sign-up attempt for existing email');
    expect(JSON.parse(written[1]!)).toMatchObject({
      msg: 'better-auth: Failed to create user',
      source: 'better-auth',
      err: { type: 'DrizzleQueryError' },
    });
  });
});
