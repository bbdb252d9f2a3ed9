import { type Database, openDatabase } from './db/client';
import { EmbeddedDatabaseInUse } from './db/embedded-lock';
import { ConfigError, type Config, loadConfig } from './env';

// How the server and every command (seed, staff:create, keys:rotate, monitor, proposals:batch, agency-events:import) start: a
// setting that is missing or wrong, or an embedded database another process has open, ends the start with a
// one-line message that says what to do, and exit code 1, instead of a stack trace.

/** Prints the message and ends the process with exit code 1. */
function refuse(message: string): never {
  console.error(message);
  process.exit(1);
}

/** The settings from the environment, or the process ends naming the one that is wrong. */
export function loadConfigOrExit(env: NodeJS.ProcessEnv = process.env): Config {
  try {
    return loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) refuse(error.message);
    throw error;
  }
}

/** The database the settings name, or the process ends when the embedded one is open in another process. */
export async function openDatabaseOrExit(config: Pick<Config, 'databaseUrl' | 'dataDir'>): Promise<Database> {
  try {
    return await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  } catch (error) {
    if (error instanceof EmbeddedDatabaseInUse) refuse(error.message);
    throw error;
  }
}
