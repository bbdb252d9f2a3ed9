import type { Config } from '#server/env';

/** LogRocket's recorder script (the address its own install snippet uses). */
export const LOGROCKET_SCRIPT_URL = 'https://cdn.logr-in.com/LogRocket.min.js';

/**
 * The origins the content security policy must allow for the configured recorder, and none when it is off:
 * with recording off, a recorder's script could not even run if something tried to load one.
 */
export function sessionRecordingCsp(recording: Config['sessionRecording']): {
  scriptSrc: string[];
  connectSrc: string[];
  workerSrc: string[];
} {
  if (recording.provider === 'off') return { scriptSrc: [], connectSrc: [], workerSrc: [] };
  return {
    scriptSrc: ['https://cdn.logr-in.com', 'https://cdn.lr-ingest.io'],
    connectSrc: ['https://*.logr-in.com', 'https://*.lr-ingest.io', 'https://*.lr-ingest.com'],
    // The recorder compresses its data in a worker it creates from a blob.
    workerSrc: ['blob:'],
  };
}
