// Process helpers shared by the repo scripts (start, test, ensure-chromium).
import { spawn } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

const running = new Set();
let stopping = false;

/**
 * Runs a command with inherited output and resolves with its exit code (never rejects).
 * The command gets its own process group so that a timeout or Ctrl+C ends its children too.
 * A command still running after `timeoutMs` is stopped and resolves with 124, like timeout(1).
 */
export function run(cmd, args, { cwd = ROOT, env = process.env, timeoutMs = 0, label = cmd } = {}) {
  return new Promise((done) => {
    let timedOut = false;
    const child = spawn(cmd, args, { cwd, env, stdio: 'inherit', detached: true });
    running.add(child);
    const timer =
      timeoutMs > 0
        ? setTimeout(() => {
            timedOut = true;
            console.error(`\n[${label}] still running after ${Math.round(timeoutMs / 1000)} s: stopping it.`);
            killGroup(child, 'SIGTERM');
            setTimeout(() => killGroup(child, 'SIGKILL'), 10_000).unref();
          }, timeoutMs)
        : undefined;
    child.on('error', (err) => console.error(`[${label}] could not start: ${err.message}`));
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      running.delete(child);
      if (stopping) {
        if (running.size === 0) process.exit(130);
        return;
      }
      if (timedOut) done(124);
      else if (typeof code === 'number') done(code < 0 ? 127 : code);
      else done(signal === 'SIGKILL' ? 137 : signal === 'SIGINT' ? 130 : 143);
    });
  });
}

function killGroup(child, signal) {
  try {
    process.kill(-child.pid, signal);
  } catch {
    try {
      child.kill(signal);
    } catch {
      /* already gone */
    }
  }
}

/** On Ctrl+C or SIGTERM: end every command started by `run`, then exit 130. */
export function stopChildrenOnSignals() {
  for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.on(sig, () => {
      if (stopping) return;
      stopping = true;
      if (running.size === 0) process.exit(130);
      for (const child of running) killGroup(child, sig);
      setTimeout(() => {
        for (const child of running) killGroup(child, 'SIGKILL');
        process.exit(130);
      }, 5_000).unref();
    });
  }
}
