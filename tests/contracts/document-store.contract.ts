import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { DocumentStore } from '#providers/document-store/port';

/**
 * The suite every document store passes (the local directory, the S3 bucket). `make` answers a store that may
 * already hold documents of earlier tests: each test uses keys of its own.
 */
export function documentStoreContract(name: string, make: () => DocumentStore): void {
  describe(`document store contract (${name})`, () => {
    const unique = () => `contract/${randomBytes(6).toString('hex')}`;

    it('gives back exactly the bytes put under a key', async () => {
      const store = make();
      const key = `${unique()}/proposal.pdf`;
      const bytes = new Uint8Array(randomBytes(70_000));
      await store.put(key, bytes, 'application/octet-stream');
      const read = await store.get(key);
      expect(read).not.toBeNull();
      expect(Buffer.from(read!).equals(Buffer.from(bytes))).toBe(true);
    });

    it('answers null for a key that holds nothing', async () => {
      expect(await make().get(`${unique()}/missing.pdf`)).toBeNull();
    });

    it('replaces what a key held when put again', async () => {
      const store = make();
      const key = `${unique()}/again.pdf`;
      await store.put(key, new TextEncoder().encode('first version'), 'text/plain');
      await store.put(key, new TextEncoder().encode('second'), 'text/plain');
      expect(new TextDecoder().decode((await store.get(key))!)).toBe('second');
    });

    it('keeps keys apart, and an empty document is a document', async () => {
      const store = make();
      const base = unique();
      await store.put(`${base}/a`, new Uint8Array([1, 2, 3]), 'application/octet-stream');
      await store.put(`${base}/b`, new Uint8Array(), 'application/octet-stream');
      expect([...(await store.get(`${base}/a`))!]).toEqual([1, 2, 3]);
      expect((await store.get(`${base}/b`))?.byteLength).toBe(0);
    });

    it.each([
      ['', 'empty'],
      ['../outside', 'a parent segment'],
      ['a/../../outside', 'a parent segment inside'],
      ['/absolute', 'a leading slash'],
      ['a//b', 'an empty segment'],
      ['./a', 'a current-directory segment'],
      ['a\\b', 'a backslash'],
      ['a\u0000b', 'a NUL'],
      ['a\nb', 'a line break'],
      ['a b', 'a space'],
      ['x'.repeat(513), 'too long'],
    ])('refuses the key %j (%s) before storing or reading anything', async (key) => {
      const store = make();
      await expect(store.put(key, new Uint8Array([1]), 'text/plain')).rejects.toThrow(RangeError);
      await expect(store.get(key)).rejects.toThrow(RangeError);
    });
  });
}
