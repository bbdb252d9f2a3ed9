import { describe, expect, it } from 'vitest';
import { generatePassword } from './create-lead';

describe('generatePassword', () => {
  it('is 30 random bytes written as 60 hexadecimal characters, different each time', () => {
    const passwords = new Set(Array.from({ length: 50 }, generatePassword));
    expect(passwords.size).toBe(50);
    for (const p of passwords) expect(p).toMatch(/^[0-9a-f]{60}$/);
  });
});
