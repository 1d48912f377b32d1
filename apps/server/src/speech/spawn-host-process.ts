/**
 * The spawn host's own process (started by spawn-host.ts): it starts the commands the server asks for and
 * relays their stdin, stdout, stderr and exit over its own stdin and stdout as frames (spawn-frames.ts).
 * It is small, so starting a process here costs a few milliseconds of this process's time, never the
 * server's. It ends when the server closes its stdin (the server exited), killing what it still runs.
 */
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { type ExitReport, FROM_HOST, FrameReader, type StartRequest, TO_HOST, frame } from './spawn-frames.ts';

const running = new Map<number, ChildProcessWithoutNullStreams>();
const send = (kind: number, id: number, payload?: Buffer) => process.stdout.write(frame(kind, id, payload));

function start(id: number, request: StartRequest): void {
  // A process group of its own, so that a kill ends a pipeline's every process, not only its shell.
  const child = spawn(request.command, request.args, { stdio: ['pipe', 'pipe', 'pipe'], detached: true });
  running.set(id, child);
  let reported = false;
  const report = (exit: ExitReport) => {
    if (reported) return;
    reported = true;
    running.delete(id);
    send(FROM_HOST.exit, id, Buffer.from(JSON.stringify(exit)));
  };
  child.stdout.on('data', (bytes: Buffer) => send(FROM_HOST.stdout, id, bytes));
  child.stderr.on('data', (bytes: Buffer) => send(FROM_HOST.stderr, id, bytes));
  child.stdin.on('error', () => undefined);
  child.once('error', (error) => report({ code: null, signal: null, error: error.message }));
  child.once('close', (code, signal) => report({ code, signal }));
}

const reader = new FrameReader((kind, id, payload) => {
  if (kind === TO_HOST.start) return start(id, JSON.parse(String(payload)) as StartRequest);
  const child = running.get(id);
  if (!child) return;
  if (kind === TO_HOST.stdin && !child.stdin.destroyed) child.stdin.write(payload);
  else if (kind === TO_HOST.stdinEnd) child.stdin.end();
  else if (kind === TO_HOST.kill) killGroup(child);
});

function killGroup(child: ChildProcessWithoutNullStreams): void {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    child.kill('SIGKILL');
  }
}

process.stdin.on('data', (chunk: Buffer) => reader.push(chunk));
process.stdin.on('end', () => {
  for (const child of running.values()) killGroup(child);
  process.exit(0);
});
process.stdout.on('error', () => process.exit(0));
