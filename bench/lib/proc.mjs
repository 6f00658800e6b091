// Small process helpers for the benchmark: free ports, child processes, waiting for HTTP.
import { spawn } from 'node:child_process';
import { closeSync, createWriteStream, openSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const BENCH_DIR = dirname(dirname(fileURLToPath(import.meta.url)));
export const ROOT = dirname(BENCH_DIR);

/** A port nothing listens on (the kernel's pick on 127.0.0.1). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen({ port: 0, host: '127.0.0.1' }, () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs a command to completion; rejects with its output tail on a non-zero exit. */
export function run(command, args, { env = process.env, cwd = ROOT, log, echo = false } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    const out = log ? createWriteStream(log, { flags: 'a' }) : null;
    let tail = '';
    const onData = (chunk) => {
      const text = chunk.toString();
      tail = (tail + text).slice(-4000);
      out?.write(text);
      if (echo) process.stdout.write(text);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('error', reject);
    child.once('close', (code) => {
      out?.end();
      if (code === 0) resolve(tail);
      else reject(new Error(`${command} ${args.join(' ')} exited ${code}\n${tail}`));
    });
  });
}

/**
 * Starts a long-running child; its output goes straight to the file `log` (the child writes it
 * itself, as a server writes its log in production: this process, which also generates the load,
 * never relays it). `stop()` sends SIGTERM and waits.
 */
export function startChild(command, args, { env = process.env, cwd = ROOT, log }) {
  const fd = openSync(log, 'a');
  const child = spawn(command, args, { cwd, env, stdio: ['ignore', fd, fd] });
  closeSync(fd);
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  return {
    child,
    exited,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Polls `url` until it answers 2xx, the child dies, or the time is up. */
export async function waitForHttp(url, { child, timeoutMs = 120_000 } = {}) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child && (child.exitCode !== null || child.signalCode !== null))
      throw new Error(`the process for ${url} exited (${child.exitCode ?? child.signalCode})`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

export function logPath(dir, name) {
  return join(dir, `${name}.log`);
}
