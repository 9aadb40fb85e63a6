import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const bin = resolve(import.meta.dirname, '../../bin/site');

function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const srv = createServer();
    srv.once('error', fail);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => (typeof addr === 'object' && addr ? ok(addr.port) : fail(new Error('no port'))));
    });
  });
}

async function waitReady(url: string, ms: number) {
  const until = Date.now() + ms;
  for (;;) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > until) throw new Error(`site did not become ready at ${url}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Starts bin/site with demo content; its URL reaches the tests as E2E_BASE_URL. */
export default async function globalSetup() {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'site-e2e-'));
  const base = `http://127.0.0.1:${port}`;
  execFileSync(bin, ['seed', '--data-dir', dataDir], { stdio: 'inherit' });
  const proc = spawn(bin, ['serve', '--addr', `127.0.0.1:${port}`, '--data-dir', dataDir, '--base-url', base, '--log-level', 'warn'], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise<number | null>((r) => proc.once('exit', r));
  await waitReady(`${base}/readyz`, 30_000);
  process.env.E2E_BASE_URL = base;
  process.env.E2E_DATA_DIR = dataDir;
  return async () => {
    proc.kill('SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  };
}
