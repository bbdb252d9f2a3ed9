import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';

// The embedded database (PGlite) keeps its files in one directory and assumes it is their only user: a second
// process opening the same directory (the server running while `npm run keys:rotate`, `monitor` or a seed is
// started) would write over the first one's pages and break the database. So whoever opens it first writes a
// lock file beside it holding its process id, and every later opener is refused while that process lives. A
// lock left by a process that died (kill -9, power lost) names a process that no longer exists: it is taken
// over. PostgreSQL needs none of this: it serves many processes by design.

/** Why the embedded database could not be opened: another process has it open. */
export class EmbeddedDatabaseInUse extends Error {
  constructor(
    readonly dir: string,
    readonly pid: number,
  ) {
    super(
      `The embedded database in ${dir} is open in process ${pid}. Stop that process first (the server, ` +
        'or a command run beside it), or set DATABASE_URL to use PostgreSQL, which many processes can share.',
    );
    this.name = 'EmbeddedDatabaseInUse';
  }
}

/** Whether a process with this id is running (a signal 0 only asks; EPERM means it runs as another user). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The process id a lock file names, or null when it is empty or unreadable (a writer cut off mid-write). */
function holderOf(lockPath: string): number | null {
  try {
    const pid = Number(readFileSync(lockPath, 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/**
 * Takes the lock of the embedded database in `dir` for this process, or throws EmbeddedDatabaseInUse. Answers
 * the function that gives it back (safe to call twice). The file is created exclusively (O_EXCL), so of two
 * processes starting at the same instant only one gets it.
 */
export function lockEmbeddedDatabase(dir: string, pid = process.pid): () => void {
  const lockPath = `${dir}.lock`;
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(lockPath, 'wx');
      try {
        writeSync(fd, `${pid}\n`);
      } finally {
        closeSync(fd);
      }
      let released = false;
      return () => {
        if (released) return;
        released = true;
        // Only our own lock is removed: one taken over after ours was judged stale belongs to another.
        if (holderOf(lockPath) === pid) rmSync(lockPath, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = holderOf(lockPath);
    if (holder !== null && isRunning(holder)) throw new EmbeddedDatabaseInUse(dir, holder);
    // Left by a process that is gone (or never finished writing it): removed, and taken on the next attempt.
    rmSync(lockPath, { force: true });
  }
  throw new EmbeddedDatabaseInUse(dir, holderOf(lockPath) ?? 0);
}
