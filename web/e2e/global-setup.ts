import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { E2E_RETENTION_DAYS } from './helpers';

const bin = resolve(import.meta.dirname, '../../bin/site');

export function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const srv = createServer();
    srv.once('error', fail);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => (typeof addr === 'object' && addr ? ok(addr.port) : fail(new Error('no port'))));
    });
  });
}

/**
 * Resolves with the line in which the site says it is serving (it prints it
 * once its listener is bound), passing its output through; rejects if the
 * site exits or stays silent for ms.
 */
export function serving(proc: ChildProcess, ms: number): Promise<string> {
  return new Promise((ok, fail) => {
    const timer = setTimeout(() => fail(new Error(`site did not start serving within ${ms} ms`)), ms);
    const lines = createInterface({ input: proc.stdout! });
    lines.on('line', (line) => {
      console.log(line);
      if (line.startsWith('Serving the site at ')) {
        clearTimeout(timer);
        ok(line);
      }
    });
    proc.once('exit', (code) => {
      clearTimeout(timer);
      fail(new Error(`site exited with ${code} before serving`));
    });
  });
}

/** Starts bin/site with demo content; its URL reaches the tests as E2E_BASE_URL. */
export default async function globalSetup() {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'site-e2e-'));
  const base = `http://127.0.0.1:${port}`;
  execFileSync(bin, ['seed', '--data-dir', dataDir], { stdio: 'inherit' });
  const proc = spawn(bin, ['serve', '--addr', `127.0.0.1:${port}`, '--data-dir', dataDir, '--base-url', base, '--log-level', 'warn',
    // Tests speak through a pretend proxy: each sets its own X-Forwarded-For (fixtures.ts).
    '--trusted-proxies', '127.0.0.1/32',
    // Not the default, so the privacy test sees the configured figure.
    '--retention-days', String(E2E_RETENTION_DAYS)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<number | null>((r) => proc.once('exit', r));
  await serving(proc, 30_000);
  const ready = await fetch(`${base}/readyz`);
  if (!ready.ok) throw new Error(`site is serving but not ready: ${ready.status} ${await ready.text()}`);
  process.env.E2E_BASE_URL = base;
  process.env.E2E_DATA_DIR = dataDir;
  return async () => {
    proc.kill('SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  };
}
