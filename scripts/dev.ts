/**
 * Development with hot reload: the API server restarts on change (tsx watch, port 3000) and Vite serves
 * the web app with HMR on http://localhost:5173, proxying /api and /dev to the server.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';

const bin = (name: string) => path.resolve(import.meta.dirname, '../node_modules/.bin', name);
const children = [
  spawn(bin('tsx'), ['watch', '--clear-screen=false', 'src/server/main.ts'], {
    stdio: 'inherit',
    env: { ...process.env, PUBLIC_URL: process.env.PUBLIC_URL ?? 'http://localhost:5173' },
  }),
  spawn(bin('vite'), ['--port', '5173'], { stdio: 'inherit' }),
];

const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) {
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
}
