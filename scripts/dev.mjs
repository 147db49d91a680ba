// Development: the API server (restarted on change by tsx watch) and Vite with hot reload, proxied together.
import { spawn } from 'node:child_process';
import path from 'node:path';

const apiPort = process.env.API_PORT ?? '3001';
const env = { ...process.env, NODE_ENV: 'development', PORT: apiPort, PUBLIC_URL: 'http://localhost:5173' };
// The packages' own commands, not npx: npx adds its start-up time and npm's warnings to every start.
const bin = (name) => path.join('node_modules', '.bin', name);
const children = [
  spawn(bin('tsx'), ['watch', 'src/server/main.ts'], { stdio: 'inherit', env }),
  spawn(bin('vite'), [], { stdio: 'inherit', env }),
];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
children.forEach((c) =>
  c.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  }),
);
