import { describe, expect, it } from 'vitest';
import { emailField } from '#domain/validation/fields';
import { SANDBOX_CREDIT_PERSONAS } from '#providers/credit-bureau/sandbox';
import { MONITORED_STATUSES } from '#server/features/monitoring/run-monitors';
import {
  MONITORING_PERSONAS,
  monitoringPersonaOf,
  planApplication,
  preferredLanguageOf,
  seedEmail,
  seedEmailIndex,
  seedEmailPattern,
  STATUS_CYCLE,
  statusOf,
} from './plan';

const today = new Date('2026-06-01T12:00:00Z');
const emails = Array.from({ length: 10_000 }, (_, index) => {
  const b = planApplication(1, index, today).household.borrower;
  return seedEmail(1, index, b);
});
const localPart = (email: string) => email.slice(0, email.indexOf('@'));

describe('seedEmail: seeded borrowers write their addresses as people do', () => {
  it('is the same for the same seed and index, unique, valid by the product rule, and gives its index back', () => {
    expect(seedEmail(1, 42, { firstName: 'Ana', lastName: "O'Neil" })).toBe(
      seedEmail(1, 42, { firstName: 'Ana', lastName: "O'Neil" }),
    );
    expect(new Set(emails).size).toBe(emails.length);
    const rule = emailField();
    for (const [index, email] of emails.entries()) {
      expect(rule.safeParse(email).success, email).toBe(true);
      expect(seedEmailIndex(email)).toBe(index);
    }
    expect(seedEmailIndex('seed.counsellor.1@seed.example.com')).toBeNull();
    expect(seedEmailIndex('ana@example.org')).toBeNull();
  });

  it('matches the seed by its domain only', () => {
    expect(seedEmailPattern(1)).toBe('%@s1.seed.example.com');
    expect(seedEmail(2, 0, { firstName: 'Ana', lastName: 'Diaz' })).toMatch(/@s2\.seed\.example\.com$/);
  });

  it('shares no long common part between addresses (a search by part of one stays selective)', () => {
    // How many addresses hold each 4-letter run of their local part. Before, every address held '.s1n'.
    const holders = new Map<string, number>();
    for (const email of emails) {
      const local = localPart(email);
      const runs = new Set(Array.from({ length: local.length - 3 }, (_, i) => local.slice(i, i + 4)));
      for (const run of runs) holders.set(run, (holders.get(run) ?? 0) + 1);
    }
    const commonest = Math.max(...holders.values());
    expect(commonest / emails.length).toBeLessThan(0.1);
    // Neighbours are written in different styles: dots, underscores, initials, run together.
    const styles = new Set(
      emails.slice(0, 60).map((e) =>
        localPart(e)
          .replace(/[a-z]+/g, 'a')
          .replace(/\d+/g, ''),
      ),
    );
    expect(styles.size).toBeGreaterThanOrEqual(3);
  });
});

describe('monitoringPersonaOf: the monitored customers take every persona in turn', () => {
  const BLOCK = STATUS_CYCLE.length;
  const block = (seed: number, b: number) =>
    Array.from({ length: BLOCK }, (_, k) => b * BLOCK + k).map((index) => ({
      index,
      status: statusOf(seed, index),
      persona: monitoringPersonaOf(seed, index),
    }));

  it.each([1, 2, 99])('gives a persona exactly to the statuses the monitors watch (seed %i)', (seed) => {
    for (const b of [0, 1, 5, 83_333]) {
      for (const a of block(seed, b)) {
        expect(a.persona !== null, `${a.index} ${a.status}`).toBe(MONITORED_STATUSES.includes(a.status));
      }
    }
  });

  it.each([1, 2, 99])('has every persona in any two blocks in a row (seed %i)', (seed) => {
    for (const b of [0, 1, 6, 41_666]) {
      const personas = [...block(seed, b), ...block(seed, b + 1)].map((a) => a.persona).filter(Boolean);
      expect(new Set(personas), `blocks ${b} and ${b + 1}`).toEqual(new Set(MONITORING_PERSONAS));
    }
  });

  it.each([1, 2, 99])(
    'hands them out evenly: each once in every seven monitored customers (seed %i)',
    (seed) => {
      const counts = new Map<string, number>();
      // 7 blocks of 6 monitored statuses: 42 customers, 6 of each persona.
      for (let b = 0; b < 7; b += 1) {
        for (const a of block(seed, b))
          if (a.persona) counts.set(a.persona, (counts.get(a.persona) ?? 0) + 1);
      }
      expect(Object.fromEntries(counts)).toEqual(Object.fromEntries(MONITORING_PERSONAS.map((p) => [p, 6])));
    },
  );

  it.each([
    // [block, the status the overdraft persona lands on]: an enrolled customer in the first two blocks, so a
    // low balance before the plan's payment date shows in any seed of 24 or more.
    [0, 'transferred'],
    [1, 'transfer'],
  ] as const)('puts the overdraft persona of block %i on the %s customer', (b, status) => {
    for (const seed of [1, 2, 99]) {
      const overdraft = block(seed, b).filter((a) => a.persona === 'overdraft');
      expect(overdraft.map((a) => a.status)).toEqual([status]);
    }
  });

  it('names the new-inquiry customer by the sandbox bureau persona, so every later pull brings news', () => {
    const plans = Array.from({ length: 2 * BLOCK }, (_, index) => planApplication(1, index, today));
    const inquiring = plans.filter((p) => p.monitoringPersona === 'newInquiry');
    expect(inquiring.length).toBeGreaterThan(0);
    for (const p of inquiring) {
      expect(p.household.borrower.lastName).toBe(SANDBOX_CREDIT_PERSONAS.newInquiry);
      expect(p.lead.lastName).toBe(SANDBOX_CREDIT_PERSONAS.newInquiry);
    }
    for (const p of plans.filter((x) => x.monitoringPersona !== 'newInquiry')) {
      expect(p.household.borrower.lastName).not.toBe(SANDBOX_CREDIT_PERSONAS.newInquiry);
    }
  });
});

describe('preferredLanguageOf: about one borrower in eight prefers Spanish', () => {
  it('gives Spanish to about an eighth of any run, the same for the same seed and index, spread over the statuses', () => {
    for (const seed of [1, 2, 42]) {
      const spanish = Array.from({ length: 8000 }, (_, i) => i).filter(
        (i) => preferredLanguageOf(seed, i) === 'es',
      );
      expect(spanish.length / 8000).toBeGreaterThan(0.1);
      expect(spanish.length / 8000).toBeLessThan(0.15);
      expect(new Set(spanish.map((i) => statusOf(seed, i))).size).toBe(new Set(STATUS_CYCLE).size);
      expect(spanish.every((i) => preferredLanguageOf(seed, i) === 'es')).toBe(true);
    }
    expect(planApplication(1, 0, new Date('2026-11-26T12:00:00Z')).preferredLanguage).toBe(
      preferredLanguageOf(1, 0),
    );
  });
});
