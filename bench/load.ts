import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

// The load generator runs in its own process: on a 2-core machine, a generator sharing the server's event loop
// takes half of it and halves every figure, the baseline's included. autocannon reports p97.5 but not p95, so
// the child records every response time and the percentiles are taken from them.

export type LoadJob = {
  url: string;
  connections: number;
  seconds: number;
  headers: Record<string, string>;
  /** Paths asked for in turn instead of the url's own (a different record at every request). */
  paths?: string[];
};
export type LoadResult = {
  rps: number;
  total: number;
  p50: number;
  p95: number;
  p99: number;
  non2xx: number;
  /** Bytes received per answer, headers included. */
  bytesPerAnswer: number;
};

/** Runs one load in a child process and returns its figures. */
export function runLoad(job: LoadJob): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    // The job goes over the IPC channel: a long list of paths does not fit in a command line.
    const child = fork(fileURLToPath(import.meta.url), ['--load-generator'], {
      execArgv: ['--import', 'tsx'],
    });
    child.send(job);
    child.once('message', (message) => resolve(message as LoadResult));
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code !== 0) reject(new Error(`the load generator exited with ${code}`));
    });
  });
}

const percentile = (sorted: readonly number[], p: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const ms = (n: number) => Math.round(n * 10) / 10;

async function generate(job: LoadJob): Promise<LoadResult> {
  const times: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    let next = 0;
    const paths = job.paths;
    const instance = autocannon(
      {
        url: job.url,
        connections: job.connections,
        duration: job.seconds,
        headers: job.headers,
        ...(paths && paths.length > 0
          ? {
              requests: [
                { setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length]! }) },
              ],
            }
          : {}),
      },
      (error, finished) => (error ? reject(error) : resolve(finished)),
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => times.push(responseTime));
  });
  times.sort((a, b) => a - b);
  return {
    rps: Math.round(result.requests.average),
    total: result.requests.total,
    p50: ms(percentile(times, 50)),
    p95: ms(percentile(times, 95)),
    p99: ms(percentile(times, 99)),
    non2xx: result.non2xx,
    bytesPerAnswer: Math.round(result.throughput.total / Math.max(1, result.requests.total)),
  };
}

if (process.send && process.argv[2] === '--load-generator') {
  const job = await new Promise<LoadJob>((resolve) => process.once('message', (m) => resolve(m as LoadJob)));
  const result = await generate(job);
  process.send(result, () => process.exit(0));
}
