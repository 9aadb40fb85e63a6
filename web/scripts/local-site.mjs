// Starts bin/site with demo content on a free loopback port and a fresh data
// folder, for the measuring scripts (Lighthouse, interaction timing). The
// returned stop() ends the site and removes its data folder.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const bin = resolve(import.meta.dirname, '../../bin/site');

function freePort() {
  return new Promise((ok, fail) => {
    const srv = createServer();
    srv.once('error', fail);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => ok(port));
    });
  });
}

async function waitReady(url) {
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`site did not start at ${url}`);
}

/** A seeded site on a free port: { base, stop }. */
export async function startSite(prefix = 'site-measure-') {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), prefix));
  execFileSync(bin, ['seed', '--data-dir', dataDir], { stdio: 'ignore' });
  const site = spawn(bin, ['serve', '--addr', `127.0.0.1:${port}`, '--data-dir', dataDir, '--base-url', base, '--log-level', 'warn'], { stdio: 'inherit' });
  const exited = new Promise((r) => site.once('exit', r));
  const stop = async () => {
    site.kill('SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitReady(`${base}/readyz`);
  } catch (err) {
    await stop();
    throw err;
  }
  return { base, stop };
}

export const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
