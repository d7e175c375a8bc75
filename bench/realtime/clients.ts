/** The parent's side of bench/realtime's client processes: fork, send a command, await its reply. */
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Command, Reply } from './protocol.js';

const WORKER = fileURLToPath(new URL('./client-worker.ts', import.meta.url));

type ReplyOf<T extends Reply['type']> = Extract<Reply, { type: T }>;

export class ClientProcess {
  private readonly inbox: Reply[] = [];
  private wake: (() => void) | undefined;
  private exited: Error | undefined;

  private constructor(private readonly child: ChildProcess) {
    child.on('message', (r: Reply) => {
      this.inbox.push(r);
      this.wake?.();
    });
    child.once('exit', (code) => {
      this.exited = new Error(`client process exited with ${String(code)}`);
      this.wake?.();
    });
  }

  static start(): ClientProcess {
    const child = fork(WORKER, [], { execArgv: ['--import', 'tsx'], serialization: 'advanced', stdio: 'inherit' });
    return new ClientProcess(child);
  }

  send(cmd: Command): void {
    this.child.send(cmd);
  }

  /** The next reply, which must be of `type` (an 'error' reply or an exit rejects). */
  async next<T extends Reply['type']>(type: T): Promise<ReplyOf<T>> {
    for (;;) {
      const r = this.inbox.shift();
      if (r) {
        if (r.type === type) return r as ReplyOf<T>;
        throw new Error(r.type === 'error' ? `client process: ${r.message}` : `client process answered ${r.type}, expected ${type}`);
      }
      if (this.exited) throw this.exited;
      await new Promise<void>((resolve) => (this.wake = resolve));
      this.wake = undefined;
    }
  }

  request<T extends Reply['type']>(cmd: Command, type: T): Promise<ReplyOf<T>> {
    this.send(cmd);
    return this.next(type);
  }

  stop(): Promise<void> {
    return new Promise((resolve) => {
      if (this.child.exitCode !== null) return resolve();
      this.child.once('exit', () => resolve());
      this.child.disconnect();
    });
  }
}
