import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import path from 'node:path';

/**
 * Prism (Stoplight's mock server, a devDependency) serving one of the vendors' own published documents
 * (tests/contracts/vendor/README.md). With --errors, a request that breaks the document (a missing required
 * field, a wrong type, a missing credential header) is answered with an error instead of an example; every
 * violation Prism finds, even one it only warns about, is kept so a test can show it. An answer is the
 * document's own example for the operation, so an adapter that reads it reads what the vendor documents.
 *
 * Prism is run from node_modules with the Node running the tests: nothing is downloaded.
 */
export type Prism = {
  /** http://127.0.0.1:PORT */
  url: string;
  /**
   * What Prism found wrong since the last call ('error: request.body …', 'error: response.body.x …'), and
   * forgets it. Prism logs a violation just after it answers, so this waits until its log has been quiet for a
   * moment.
   */
  takeViolations: () => Promise<string[]>;
  close: () => Promise<void>;
};

const require = createRequire(import.meta.url);
const PRISM_CLI = path.join(
  path.dirname(require.resolve('@stoplight/prism-cli/package.json')),
  'dist/index.js',
);
/** Loading the largest document (DocuSign's, 1.6 MB) takes a few seconds on a busy 2-core machine. */
const START_TIMEOUT_MS = 60_000;
/** How long Prism's log stays quiet before its last request's violations are taken as all logged. */
const QUIET_MS = 100;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

// Prism's log lines, e.g. "[1:01:39 AM] ›     [VALIDATOR] ✖  error     Violation: request.body Request body
// must have required property 'access_token'"; a warning reads "⚠  warning   Violation: …".
const VIOLATION = /\[VALIDATOR\]\s+\S+\s+(error|warning)\s+Violation: (.*)$/;

/**
 * Starts Prism on `document` (a path from the repository's root) and waits until it listens. `errors: false`
 * is for a document whose own examples break its own schema: with --errors Prism refuses to serve them (a 500),
 * so there a request's violations are only logged, and the test reads them with takeViolations.
 */
export async function startPrism(document: string, o: { errors?: boolean } = {}): Promise<Prism> {
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    try {
      return await launch(document, port, o.errors ?? true);
    } catch (error) {
      // Another process may have taken the port between our look and Prism's listen: try another one.
      if (attempt >= 3 || !String(error).includes('EADDRINUSE')) throw error;
    }
  }
}

function launch(document: string, port: number, errors: boolean): Promise<Prism> {
  const child: ChildProcess = spawn(
    process.execPath,
    [
      PRISM_CLI,
      'mock',
      document,
      '--host',
      '127.0.0.1',
      '--port',
      String(port),
      ...(errors ? ['--errors'] : []),
    ],
    {
      cwd: path.resolve(import.meta.dirname, '../../..'),
      // No colours to parse around; no usage report from the Scarf package Prism depends on.
      env: { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1', SCARF_ANALYTICS: 'false' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const output: string[] = [];
  let violations: string[] = [];
  let pending = '';
  let onListening: (() => void) | null = null;
  let lastOutputAt = Date.now();
  const onData = (chunk: Buffer) => {
    lastOutputAt = Date.now();
    pending += chunk.toString('utf8');
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) {
      output.push(line);
      if (output.length > 200) output.shift();
      const violation = VIOLATION.exec(line);
      if (violation) violations.push(`${violation[1]}: ${violation[2]}`);
      if (line.includes('Prism is listening')) onListening?.();
    }
  };
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // A test run that ends without closing (a timed-out hook, an interrupted run) must not leave Prism behind.
  const killOnExit = () => child.kill('SIGTERM');
  process.once('exit', killOnExit);
  void exited.then(() => process.off('exit', killOnExit));

  const close = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };

  return new Promise<Prism>((resolve, reject) => {
    const timer = setTimeout(() => {
      void close();
      reject(new Error(`Prism did not start within ${START_TIMEOUT_MS} ms:\n${output.join('\n')}`));
    }, START_TIMEOUT_MS);
    onListening = () => {
      onListening = null;
      clearTimeout(timer);
      resolve({
        url: `http://127.0.0.1:${port}`,
        takeViolations: async () => {
          const deadline = Date.now() + 2_000;
          while (Date.now() - lastOutputAt < QUIET_MS && Date.now() < deadline)
            await new Promise((resolve) => setTimeout(resolve, QUIET_MS));
          const taken = violations;
          violations = [];
          return taken;
        },
        close,
      });
    };
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`Prism stopped before it listened:\n${output.join('\n')}`));
    });
  });
}
