import { phoneToE164 } from '#domain/validation/format';
import { ENROLLED_STATUSES } from './bulk-tables';
import type { TemplateFacts } from './bulk-templates';
import { fictionalPhone, person, TOWNS } from './people';
import { seedEmail } from './plan';
import { createRng, type Rng } from './random';

// What makes each copy its own application: which template it copies, its person (names from the seed's own
// lists, an email in the seed's numbering, a phone number), when it was made, and the salts its ids are made
// from. Pure and deterministic: copy `index` of seed `seed` is always the same.

/** The random stream of a copy (plan.ts's STREAM uses 1..5 for the live seed's phases). */
const COPY_STREAM = 11;
const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;
/** Copies are created over the last two years... */
const SPREAD_MS = 730 * DAY_MS;
/** ...with this share made within the portal's default 72 hours (those whose template is short enough to fit). */
export const RECENT_SHARE = 0.015;
const RECENT_MS = 3 * DAY_MS;

/** One copy, as the copy statements read it (the columns of the per-chunk copies table). */
export type CopyRow = {
  idx: number;
  slot: number;
  /** 64-bit salts of the id function, as decimal strings (beyond a JS number's precision). */
  salt_hi: string;
  salt_lo: string;
  /** What is added to every timestamp of the template ('<ms> milliseconds'), and to its calendar dates. */
  shift: string;
  day_shift: number;
  enrolled: boolean;
  first_name: string;
  last_name: string;
  full_name: string;
  email: string;
  phone: string;
  crm_id: string;
  spouse_first_name: string | null;
  spouse_last_name: string | null;
  spouse_full_name: string | null;
  spouse_email: string | null;
  spouse_phone: string | null;
};

/** SQL column types of CopyRow, in its order (for jsonb_to_recordset and the temporary table). */
export const COPY_COLUMNS: readonly (readonly [keyof CopyRow, string])[] = [
  ['idx', 'integer'],
  ['slot', 'integer'],
  ['salt_hi', 'bigint'],
  ['salt_lo', 'bigint'],
  ['shift', 'interval'],
  ['day_shift', 'integer'],
  ['enrolled', 'boolean'],
  ['first_name', 'text'],
  ['last_name', 'text'],
  ['full_name', 'text'],
  ['email', 'text'],
  ['phone', 'text'],
  ['crm_id', 'text'],
  ['spouse_first_name', 'text'],
  ['spouse_last_name', 'text'],
  ['spouse_full_name', 'text'],
  ['spouse_email', 'text'],
  ['spouse_phone', 'text'],
];

/** Odd 64-bit constants: multiplying by one is a bijection, so different copies never share a salt. */
const GOLDEN = 0x9e3779b97f4a7c15n;
const MIXER = 0xc2b2ae3d27d4eb4fn;

/**
 * The two 64-bit salts of a copy's ids, each one-to-one in the copy's index for a seed. Not drawn from the
 * copy's random stream: that has 32 bits of state, and a million copies would share some.
 */
export function salts(seed: number, idx: number): { salt_hi: string; salt_lo: string } {
  const i = BigInt(idx);
  const s = BigInt(seed);
  return {
    salt_hi: BigInt.asIntN(64, i * GOLDEN + s).toString(),
    salt_lo: BigInt.asIntN(64, (i + 1n) * MIXER + s * GOLDEN).toString(),
  };
}

/** The area code of a stored phone (+1 and ten digits), or a seed town's when there is none. */
const areaCodeOf = (e164: string | null, rng: Rng) =>
  e164 && /^\+1\d{10}$/.test(e164) ? e164.slice(2, 5) : rng.pick(TOWNS).areaCode;

/**
 * Copy `k` of this run (0-based) copies template `k mod templates`, so the statuses keep the live seed's
 * proportions exactly. Its index continues the seed's numbering after the templates.
 */
export function planCopy(o: {
  seed: number;
  k: number;
  firstIndex: number;
  templates: readonly TemplateFacts[];
  now: Date;
}): CopyRow {
  const template = o.templates[o.k % o.templates.length]!;
  const idx = o.firstIndex + o.k;
  const rng = createRng(o.seed, idx, COPY_STREAM);

  // person() draws from the seed's own name lists; only its names and phone are used.
  const town = { ...TOWNS[0]!, areaCode: areaCodeOf(template.borrowerPhone, rng) };
  const borrower = person(rng, o.now, { town });
  const crm = `CRM-${rng.digits(8)}`;
  let spouse: Pick<CopyRow, 'spouse_first_name' | 'spouse_last_name' | 'spouse_email' | 'spouse_phone'> = {
    spouse_first_name: null,
    spouse_last_name: null,
    spouse_email: null,
    spouse_phone: null,
  };
  if (template.spouse) {
    const sameLastName = template.spouse.lastName === template.borrowerLastName;
    const s = person(rng, o.now, { town, ...(sameLastName ? { lastName: borrower.lastName } : {}) });
    const spousePhone = fictionalPhone(rng, areaCodeOf(template.spouse.phone, rng));
    spouse = {
      spouse_first_name: s.firstName,
      spouse_last_name: s.lastName,
      // The live seed's spouse email rule (plan.ts).
      spouse_email: `${s.firstName.toLowerCase()}.${s.lastName.toLowerCase().replace(/[^a-z]/g, '')}@example.com`,
      spouse_phone: phoneToE164(spousePhone),
    };
  }

  // The copy's last step happens at `lastAgo` before now, its first `duration` before that: never in the future.
  const duration = Math.max(0, template.endAt.getTime() - template.createdAt.getTime());
  const recent = rng.chance(RECENT_SHARE);
  const recentDraw = rng.next();
  const spreadDraw = rng.next();
  const lastAgo =
    recent && duration < RECENT_MS - MINUTE_MS
      ? MINUTE_MS + recentDraw * (RECENT_MS - MINUTE_MS - duration)
      : MINUTE_MS + spreadDraw * Math.max(0, SPREAD_MS - MINUTE_MS - duration);
  const createdAt = Math.round(o.now.getTime() - lastAgo - duration);
  const shiftMs = createdAt - template.createdAt.getTime();

  return {
    idx,
    slot: template.slot,
    ...salts(o.seed, idx),
    shift: `${shiftMs} milliseconds`,
    day_shift: Math.floor(createdAt / DAY_MS) - Math.floor(template.createdAt.getTime() / DAY_MS),
    enrolled: ENROLLED_STATUSES.includes(template.status),
    first_name: borrower.firstName,
    last_name: borrower.lastName,
    full_name: `${borrower.firstName} ${borrower.lastName}`,
    email: seedEmail(o.seed, idx, borrower),
    phone: phoneToE164(borrower.phoneNumber),
    crm_id: crm,
    ...spouse,
    spouse_full_name: spouse.spouse_first_name
      ? `${spouse.spouse_first_name} ${spouse.spouse_last_name}`
      : null,
  };
}
