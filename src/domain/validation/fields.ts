import { z } from 'zod';
import { ageOn, dollarDigits, meetsPasswordRules, parseFormDate } from './format';
import { LIMITS } from './limits';
import { LABELS } from '../i18n/validation-messages';
import { errorOf, issueError, refineOf, type FieldLabel, type FieldMessage } from './issue-messages';
import { FIELD_MESSAGES as M } from './messages';

// The field rules of the forms, shared by the web app and the API. Required by default; text is trimmed; an
// empty optional value becomes undefined ("stored as unset"). Pattern checks skip '' so an empty required
// field reports only 'is required', and no check aborts, so object-level rules (passwords match) still run. A
// value of the wrong type (a question not answered: undefined) does stop them: a rule across fields is given
// whenParsed (below) so it runs whenever the fields it reads parsed.

export type FieldOptions = { optional?: boolean };
export type TextFieldOptions = FieldOptions & {
  max?: number;
  min?: number;
  /** A note typed in a text area: tab and line breaks are allowed. */
  multiLine?: boolean;
};

// Characters nobody types into a form field. Control characters (C0, DEL and C1) are invisible and the
// database refuses NUL in text, which used to answer 500; tab and line breaks are kept for text areas only.
// Bidirectional overrides and isolates can make a name or an address read differently from what is stored
// (a staff member would see a spoofed value), and a lone surrogate is not a character at all (it cannot be
// stored as UTF-8). Each is refused with the field's 'is invalid', so a person sees which field to fix.
// eslint-disable-next-line no-control-regex
const SINGLE_LINE_CONTROLS = /[\u0000-\u001f\u007f-\u009f]/;
// eslint-disable-next-line no-control-regex
const MULTI_LINE_CONTROLS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
const BIDI_CONTROLS = /[\u202a-\u202e\u2066-\u2069]/;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** True when the text has none of the characters the text fields refuse. */
export function isPlainText(value: string, o: { multiLine?: boolean } = {}): boolean {
  const controls = o.multiLine ? MULTI_LINE_CONTROLS : SINGLE_LINE_CONTROLS;
  return !controls.test(value) && !BIDI_CONTROLS.test(value) && !LONE_SURROGATE.test(value);
}

/**
 * Text from somewhere a person did not type it (a link's query string): the refused characters are dropped
 * and the rest cut to `max` without splitting a character, so it always passes the field's rule.
 */
export function toPlainText(value: string, max: number): string {
  const dropped = value
    .replace(new RegExp(SINGLE_LINE_CONTROLS.source, 'g'), '')
    .replace(new RegExp(BIDI_CONTROLS.source, 'g'), '')
    .replace(new RegExp(LONE_SURROGATE.source, 'g'), '')
    .trim();
  return dropped.slice(0, max).replace(LONE_SURROGATE, '').trim();
}

/** The schema of an optional text field: '' , null and undefined in, undefined out. */
export type OptionalStringSchema = z.ZodOptional<
  z.ZodPipe<
    z.ZodOptional<z.ZodNullable<z.ZodString>>,
    z.ZodTransform<string | undefined, string | null | undefined>
  >
>;
export type StringFieldSchema<O extends FieldOptions | undefined> = O extends { optional: true }
  ? OptionalStringSchema
  : z.ZodString;

type StringRules = {
  max?: number;
  min?: number;
  lowerCase?: boolean;
  /** Free text (not a pattern): refuse the characters isPlainText refuses. */
  plainText?: 'singleLine' | 'multiLine';
  /** Returns the message for a non-empty value that breaks the rule, else undefined. */
  rules?: ReadonlyArray<(value: string) => FieldMessage | undefined>;
};

const isMissing = (input: unknown): boolean =>
  input === undefined || input === null || (typeof input === 'number' && Number.isNaN(input));

/** A value of the wrong type: 'is required' when nothing was given, else 'is invalid'. */
const missingOrInvalid = (label: FieldLabel) => {
  const required = M.required(label);
  const invalid = M.invalid(label);
  if (required.ref && invalid.ref) {
    const [requiredRef, invalidRef] = [required.ref, invalid.ref];
    return issueError((iss) => (isMissing(iss.input) ? requiredRef : invalidRef));
  }
  return (iss: { input?: unknown }) => (isMissing(iss.input) ? required.english : invalid.english);
};

function baseString(
  label: FieldLabel,
  { max, min, lowerCase, plainText, rules = [] }: StringRules,
): z.ZodString {
  let s = z.string({ error: missingOrInvalid(label) }).trim();
  if (lowerCase) s = s.toLowerCase();
  if (plainText) {
    const multiLine = plainText === 'multiLine';
    // Before the length checks, so a value with both problems first shows the one to fix.
    s = s.refine((v) => isPlainText(v, { multiLine }), refineOf(M.invalid(label)));
  }
  if (max !== undefined) s = s.max(max, { error: errorOf(M.maxLength(label, max)) });
  if (min !== undefined) {
    const n = min;
    s = s.refine((v) => v === '' || v.length >= n, refineOf(M.minLength(label, n)));
  }
  for (const rule of rules) {
    s = s.check((ctx) => {
      if (ctx.value === '') return;
      const message = rule(ctx.value);
      if (message) ctx.issues.push({ code: 'custom', ...refineOf(message), input: ctx.value });
    });
  }
  return s;
}

function optionalString(s: z.ZodString): OptionalStringSchema {
  // The outer optional() makes the key optional in the output type too.
  return s
    .nullable()
    .optional()
    .transform((v) => (v == null || v === '' ? undefined : v))
    .optional();
}

function stringField<O extends FieldOptions | undefined>(
  label: FieldLabel,
  opts: O | undefined,
  rules: StringRules,
): StringFieldSchema<O> {
  const base = baseString(label, rules);
  const schema = opts?.optional
    ? optionalString(base)
    : base.refine((v) => v !== '', refineOf(M.required(label)));
  return schema as StringFieldSchema<O>;
}

const matches =
  (pattern: RegExp, message: FieldMessage) =>
  (value: string): FieldMessage | undefined =>
    pattern.test(value) ? undefined : message;

const plainTextKind = (opts: TextFieldOptions | undefined) => (opts?.multiLine ? 'multiLine' : 'singleLine');

/** Free text, one line unless `multiLine`: at most 100 characters by default. */
export function textField<O extends TextFieldOptions | undefined = undefined>(
  label: FieldLabel,
  opts?: O,
): StringFieldSchema<O> {
  return stringField<O>(label, opts, {
    max: opts?.max ?? LIMITS.text,
    min: opts?.min,
    plainText: plainTextKind(opts),
  });
}

/** A first or last name: at most 40 characters. */
export function nameField<O extends TextFieldOptions | undefined = undefined>(
  label: FieldLabel,
  opts?: O,
): StringFieldSchema<O> {
  return stringField<O>(label, opts, {
    max: opts?.max ?? LIMITS.name,
    min: opts?.min,
    plainText: plainTextKind(opts),
  });
}

/** A line of a postal address, or its city: one line, at most 100 characters. */
export function addressField<O extends FieldOptions | undefined = undefined>(
  label: FieldLabel,
  opts?: O,
): StringFieldSchema<O> {
  return stringField<O>(label, opts, { max: LIMITS.text, plainText: 'singleLine' });
}

// One email rule for every path (lead, sign-in, forgot password, change email, staff accounts): a dot-atom
// local part of at most 64 characters, domain labels of letters, digits and inner hyphens, and a top-level
// domain of 2 to 63 letters (.app, .email and .dev are real). The local part takes only the characters the
// sign-in library's own check takes, so no address passes here and is refused there.
const EMAIL_PATTERN =
  /^(?=[^@]{1,64}@)(?:[a-z0-9_'+-]+\.)*[a-z0-9_'+-]*[a-z0-9_+-]@(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/** Trimmed and lower-cased before the checks, so the parsed value is the username form. */
export function emailField<O extends FieldOptions | undefined = undefined>(
  label: FieldLabel = LABELS.email,
  opts?: O,
): StringFieldSchema<O> {
  return stringField<O>(label, opts, {
    max: LIMITS.email,
    lowerCase: true,
    plainText: 'singleLine',
    rules: [matches(EMAIL_PATTERN, M.invalid(label))],
  });
}

/** The form value '999-999-9999'; phoneToE164 gives the stored form. */
export function phoneField<O extends FieldOptions | undefined = undefined>(
  label: FieldLabel,
  opts?: O,
): StringFieldSchema<O> {
  return stringField<O>(label, opts, { rules: [matches(/^\d{3}-\d{3}-\d{4}$/, M.invalid(label))] });
}

export function zipField<O extends FieldOptions | undefined = undefined>(
  label: FieldLabel,
  opts?: O,
): StringFieldSchema<O> {
  return stringField<O>(label, opts, { rules: [matches(/^\d{5}$/, M.invalid(label))] });
}

const realDate =
  (label: FieldLabel) =>
  (value: string): FieldMessage | undefined =>
    parseFormDate(value) ? undefined : M.invalid(label);

/** 'MM-dd-yyyy' naming a real calendar day; toIsoDate gives the stored form. */
export function dateField<O extends FieldOptions | undefined = undefined>(
  label: FieldLabel,
  opts?: O,
): StringFieldSchema<O> {
  return stringField<O>(label, opts, { rules: [realDate(label)] });
}

/**
 * A date of birth 13 to 120 years before today. `today` is read at each check (not when the schema is
 * built) unless given, so a long-running server does not freeze the date.
 */
export function dateOfBirthField<O extends FieldOptions | undefined = undefined>(
  label: FieldLabel,
  today?: Date | (() => Date),
  opts?: O,
): StringFieldSchema<O> {
  const now = () => (typeof today === 'function' ? today() : (today ?? new Date()));
  const ageRule = (value: string): FieldMessage | undefined => {
    const birth = parseFormDate(value);
    if (!birth) return M.invalid(label);
    const age = ageOn(birth, now());
    if (age < LIMITS.minAge) return M.fixed('under13');
    if (age > LIMITS.maxAge) return M.invalid(label);
    return undefined;
  };
  return stringField<O>(label, opts, { rules: [ageRule] });
}

/** A note typed in a text area: tab and line breaks allowed, at most 245 characters. */
export function memoField<O extends FieldOptions | undefined = undefined>(
  label: FieldLabel,
  opts?: O,
): StringFieldSchema<O> {
  return stringField<O>(label, opts, { max: LIMITS.memo, plainText: 'multiLine' });
}

/**
 * Free text in a query string (a search box): at most `max` characters, untrimmed (the search decides what
 * to do with spaces), refused with '{label} is invalid' when it holds a character the text fields refuse.
 */
export function searchTextField(label: FieldLabel, max: number): z.ZodString {
  return z
    .string({ error: errorOf(M.invalid(label)) })
    .refine((v) => isPlainText(v), refineOf(M.invalid(label)))
    .max(max, { error: errorOf(M.maxLength(label, max)) });
}

export function verificationCodeField(label: FieldLabel = LABELS.verificationCode): z.ZodString {
  return stringField(label, undefined, { rules: [matches(/^\d{6}$/, M.invalid(label))] });
}

/** A password being entered to sign in or confirm: required, at most 60 characters, never trimmed. */
export function passwordField(label: FieldLabel = LABELS.password): z.ZodString {
  return z
    .string({ error: missingOrInvalid(label) })
    .refine((v) => v !== '', refineOf(M.required(label)))
    .max(LIMITS.passwordInput, { error: errorOf(M.maxLength(label, LIMITS.passwordInput)) });
}

/** A new password: the password rules (see passwordChecklist), never trimmed. */
export function newPasswordField(label: FieldLabel = LABELS.newPassword): z.ZodString {
  return z
    .string({ error: missingOrInvalid(label) })
    .refine((v) => v !== '', refineOf(M.required(label)))
    .refine((v) => v === '' || meetsPasswordRules(v), refineOf(M.fixed('passwordRequirements')));
}

/** A Yes/No radio stored as a boolean. */
export function yesNoField(question: FieldLabel): z.ZodBoolean {
  return z.boolean({ error: errorOf(M.questionRequired(question)) });
}

/** A bank account number for the payment account: required, at most 17 characters. */
export function accountNumberField(label: FieldLabel = LABELS.accountNumber): z.ZodString {
  return stringField(label, undefined, {
    max: LIMITS.accountNumber,
    rules: [matches(/^\d+$/, M.invalid(label))],
  });
}

/** A creditor's account number (ACH remittance): digits, up to 12. */
export function creditorAccountNumberField<O extends FieldOptions | undefined = undefined>(
  label: FieldLabel = LABELS.accountNumber,
  opts?: O,
): StringFieldSchema<O> {
  return stringField<O>(label, opts, {
    max: LIMITS.creditorAccountNumber,
    rules: [matches(/^\d+$/, M.invalid(label))],
  });
}

/** ABA routing number check digit: 3·(d1+d4+d7) + 7·(d2+d5+d8) + (d3+d6+d9) ≡ 0 (mod 10). */
export function isValidRoutingNumber(value: string): boolean {
  if (!/^\d{9}$/.test(value)) return false;
  const d = value.split('').map(Number);
  const at = (i: number) => d[i] ?? 0;
  const sum = 3 * (at(0) + at(3) + at(6)) + 7 * (at(1) + at(4) + at(7)) + (at(2) + at(5) + at(8));
  return sum % 10 === 0;
}

export function routingNumberField<O extends FieldOptions | undefined = undefined>(
  label: FieldLabel = LABELS.routingNumber,
  opts?: O,
): StringFieldSchema<O> {
  return stringField<O>(label, opts, {
    rules: [(v) => (isValidRoutingNumber(v) ? undefined : M.invalid(label))],
  });
}

export type CurrencyFieldOptions = FieldOptions & {
  /** Most whole-dollar digits the input takes (spec: 12 by default, 5 for expense edits). */
  maxLength?: number;
  /** Zero is accepted (expense edits, housing cost); otherwise the amount must be above $0. */
  allowZero?: boolean;
  allowNegative?: boolean;
  /** Cents allowed; by default amounts are whole dollars, as the inputs show zero decimals. */
  allowDecimals?: boolean;
};

export type CurrencyFieldSchema<O extends FieldOptions | undefined> = O extends { optional: true }
  ? z.ZodOptional<
      z.ZodPipe<
        z.ZodOptional<z.ZodNullable<z.ZodNumber>>,
        z.ZodTransform<number | undefined, number | null | undefined>
      >
    >
  : z.ZodNumber;

/** An amount in integer cents (money is always whole cents; the input converts typed dollars). */
export function currencyField<O extends CurrencyFieldOptions | undefined = undefined>(
  label: FieldLabel,
  opts?: O,
): CurrencyFieldSchema<O> {
  const maxLength = opts?.maxLength ?? LIMITS.currency;
  const base = z.number({ error: missingOrInvalid(label) }).check((ctx) => {
    const v = ctx.value;
    const push = (message: FieldMessage): void => {
      ctx.issues.push({ code: 'custom', ...refineOf(message), input: v });
    };
    if (!Number.isSafeInteger(v)) return push(M.invalid(label));
    if (!opts?.allowDecimals && v % 100 !== 0) return push(M.invalid(label));
    if (v < 0 && !opts?.allowNegative) return push(M.notNegative(label));
    if (v === 0 && !opts?.allowZero) return push(M.greaterThanZero(label));
    if (dollarDigits(v) > maxLength) return push(M.maxLength(label, maxLength));
  });
  const schema = opts?.optional
    ? base
        .nullable()
        .optional()
        .transform((v) => v ?? undefined)
        .optional()
    : base;
  return schema as CurrencyFieldSchema<O>;
}

/** Total monthly household income after taxes: above $0, at most 7 digits. */
export function monthlyIncomeField(label: FieldLabel): z.ZodNumber {
  return currencyField(label, { maxLength: LIMITS.monthlyIncome });
}

/** Estimated monthly housing cost: $0 allowed, at most 6 digits. */
export function housingCostField(label: FieldLabel): z.ZodNumber {
  return currencyField(label, { maxLength: LIMITS.housingCost, allowZero: true });
}

/** What an object-level rule sees of the parse so far: the value and the messages its fields already have. */
type RefinePayload = { value: unknown; issues: readonly { path?: readonly PropertyKey[] | undefined }[] };

/**
 * superRefine's options for a rule across an object's fields (a homeowner must answer the escrow question):
 * the rule runs whenever the fields it decides on (`keys`) parsed, whatever the other fields did. By default
 * Zod skips such a rule once any field of the object has a message (a name left empty, say), so the form
 * would show the rule's message only after every other mistake was fixed: a second round of messages at the
 * second submit. A rule that requires further fields checks them with fieldHasMessage.
 */
export function whenParsed(...keys: readonly string[]) {
  return {
    when: (payload: RefinePayload): boolean =>
      typeof payload.value === 'object' &&
      payload.value !== null &&
      !Array.isArray(payload.value) &&
      !payload.issues.some((issue) => {
        const first = issue.path?.[0];
        return first === undefined || keys.includes(String(first));
      }),
  };
}

/** Whether a field of the object being refined already has its own message: a rule then adds none to it. */
export const fieldHasMessage = (payload: RefinePayload, key: string): boolean =>
  payload.issues.some((issue) => issue.path?.[0] === key);
