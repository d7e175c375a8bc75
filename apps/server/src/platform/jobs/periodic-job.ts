/** Runs task every intervalMs, never overlapping itself; kick() runs it soon. */
export class PeriodicJob {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = true;

  constructor(
    private readonly task: () => Promise<void>,
    private readonly intervalMs: number,
    private readonly onError: (err: unknown) => void,
  ) {}

  start(): void {
    this.stopped = false;
    this.schedule(0);
  }

  kick(): void {
    if (this.stopped) return;
    if (this.running) this.again = true;
    else this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  private schedule(delay: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.run(), delay);
    this.timer.unref();
  }

  private async run(): Promise<void> {
    if (this.stopped || this.running) return;
    this.running = this.task().catch(this.onError);
    await this.running;
    this.running = undefined;
    if (this.stopped) return;
    const again = this.again;
    this.again = false;
    this.schedule(again ? 0 : this.intervalMs);
  }
}
