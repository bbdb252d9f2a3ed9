import { INCOME_WARNING_THRESHOLD_DOLLARS } from './limits';
import { MESSAGES } from './messages';

/** Letters, digits and these only: the union of the spec's two readings (shown list and checked list). */
export const PASSWORD_SPECIAL_CHARACTERS = '!.@#$%^&*';

export const digitsOnly = (s: string | null | undefined): string => (s ?? '').replace(/\D/g, '');

/** Formats whatever the user typed or pasted as 999-999-9999, keeping partial groups while typing. */
export function formatPhone(input: string | null | undefined): string {
  let digits = digitsOnly(input);
  // A pasted +1 country prefix; US area codes never start with 1.
  if (digits.length > 10 && digits.startsWith('1')) digits = digits.slice(1);
  digits = digits.slice(0, 10);
  if (digits.length <= 3) return digits;
  if (digits.length <= 6) return `${digits.slice(0, 3)}-${digits.slice(3)}`;
  return `${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6)}`;
}

/** '555-010-1234' → '+15550101234' (storage format). Throws on anything that is not a US number. */
export function phoneToE164(phone: string): string {
  const digits = digitsOnly(phone);
  if (digits.length === 10) return `+1${digits}`;
  if (digits.length === 11 && digits.startsWith('1')) return `+${digits}`;
  throw new Error('phoneToE164: expected a 10-digit US phone number');
}

/** '+15550101234' → '555-010-1234' (form value); '' when absent. */
export const e164ToPhone = (e164: string | null | undefined): string => formatPhone(e164);

const FORM_DATE = /^(\d{2})-(\d{2})-(\d{4})$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:$|T)/;

/** True when year, month and day name a day of the calendar (29 February only in leap years). */
export function isRealDate(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1 || year < 1) return false;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const daysInMonth = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] ?? 0;
  return day <= daysInMonth;
}

/** Parses a form date 'MM-dd-yyyy' into its parts, or undefined when it is not a real date. */
export function parseFormDate(value: string): { year: number; month: number; day: number } | undefined {
  const m = FORM_DATE.exec(value);
  if (!m) return undefined;
  const [month, day, year] = [Number(m[1]), Number(m[2]), Number(m[3])];
  return isRealDate(year, month, day) ? { year, month, day } : undefined;
}

/** 'MM-dd-yyyy' (form) → 'yyyy-MM-dd' (storage). Throws on a value that is not a real date. */
export function toIsoDate(value: string): string {
  const parts = parseFormDate(value);
  if (!parts) throw new Error('toIsoDate: expected a real date as MM-dd-yyyy');
  const [mm, dd, yyyy] = value.split('-');
  return `${yyyy}-${mm}-${dd}`;
}

/** 'yyyy-MM-dd' (or an ISO timestamp) → 'MM-dd-yyyy'; '' when absent. Throws on other shapes. */
export function fromIsoDate(value: string | null | undefined): string {
  if (value == null || value === '') return '';
  const m = ISO_DATE.exec(value);
  if (!m) throw new Error('fromIsoDate: expected yyyy-MM-dd');
  return `${m[2]}-${m[3]}-${m[1]}`;
}

/** Whole years between a birth date and today, counted on the calendar (birthday not yet reached: one less). */
export function ageOn(birth: { year: number; month: number; day: number }, today: Date): number {
  const [y, m, d] = [today.getFullYear(), today.getMonth() + 1, today.getDate()];
  const hadBirthday = m > birth.month || (m === birth.month && d >= birth.day);
  return y - birth.year - (hadBirthday ? 0 : 1);
}

export const normalizeEmail = (s: string): string => s.trim().toLowerCase();

export type PasswordRuleKey = 'length' | 'letter' | 'number' | 'characters';
export type PasswordRule = { key: PasswordRuleKey; label: string; met: boolean };

const ALLOWED_PASSWORD = /^[A-Za-z0-9!.@#$%^&*]+$/;

/** The live checklist of the password rules, in display order. */
export function passwordChecklist(pw: string | null | undefined): PasswordRule[] {
  const value = pw ?? '';
  return [
    { key: 'length', label: 'Between 8 and 20 characters', met: value.length >= 8 && value.length <= 20 },
    { key: 'letter', label: 'At least one letter', met: /[A-Za-z]/.test(value) },
    { key: 'number', label: 'At least one number', met: /\d/.test(value) },
    {
      key: 'characters',
      label: `Only letters, numbers and these special characters: ${PASSWORD_SPECIAL_CHARACTERS.split('').join(' ')}`,
      met: ALLOWED_PASSWORD.test(value),
    },
  ];
}

export const meetsPasswordRules = (pw: string | null | undefined): boolean =>
  passwordChecklist(pw).every((rule) => rule.met);

/** Number of typed whole-dollar digits of an amount in cents: what the spec's currency 'maximum length' counts. */
export const dollarDigits = (cents: number): number => String(Math.trunc(Math.abs(cents) / 100)).length;

/**
 * 'Please confirm this amount is correct.' when an amount (integer cents) has more whole-dollar digits than
 * the input's maximum length allows; undefined otherwise. The schema refuses such a value as well; the
 * warning lets the input say why before submit.
 */
export function currencyWarning(value: number | null | undefined, maxLength: number): string | undefined {
  if (value == null || !Number.isFinite(value)) return undefined;
  return dollarDigits(value) > maxLength ? MESSAGES.currencyWarning : undefined;
}

/** The $5,725 median-income warning when a monthly household income (integer cents) is above $15,000. */
export function incomeWarning(value: number | null | undefined): string | undefined {
  if (value == null || !Number.isFinite(value)) return undefined;
  return value > INCOME_WARNING_THRESHOLD_DOLLARS * 100 ? MESSAGES.incomeWarning : undefined;
}
