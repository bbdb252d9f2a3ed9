import { describe, expect, it } from 'vitest';
import { emailField } from '#domain/validation/fields';
import { planApplication, seedEmail, seedEmailIndex, seedEmailPattern } from './plan';

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
