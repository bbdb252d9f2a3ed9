import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { assertDocumentKey, type DocumentStore } from './port';

/**
 * Documents as files under `directory` (DATA_DIR/documents by default), one file per key. A put writes a
 * temporary file beside the target and renames it over the target: a rename within one directory is atomic,
 * so a crash mid-write leaves the old document or none, never a torn one. The content type is not kept: the
 * caller knows what it stored.
 */
export function createLocalDocumentStore(o: { directory: string }): DocumentStore {
  const root = path.resolve(o.directory);
  const fileOf = (key: string) => {
    assertDocumentKey(key);
    const file = path.resolve(root, ...key.split('/'));
    // The key's rules already keep it inside; this is the second lock on the same door.
    if (!file.startsWith(root + path.sep)) throw new RangeError('Document store: invalid document key');
    return file;
  };
  return {
    kind: 'local',
    async put(key, bytes) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
      const temporary = `${file}.${randomUUID()}.tmp`;
      try {
        await writeFile(temporary, bytes, { mode: 0o600, flush: true });
        await rename(temporary, file);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
    },
    async get(key) {
      const file = fileOf(key);
      try {
        return new Uint8Array(await readFile(file));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
  };
}
