/**
 * At most `limit` tasks at once; when busy, waiting tasks with priority go first (premium
 * members' companion requests), the rest in arrival order.
 */
export class PriorityGate {
  private active = 0;
  private readonly urgent: (() => void)[] = [];
  private readonly normal: (() => void)[] = [];

  constructor(private readonly limit: number) {}

  get waiting(): number {
    return this.urgent.length + this.normal.length;
  }

  async run<T>(priority: boolean, task: () => Promise<T>): Promise<T> {
    if (this.active >= this.limit) await new Promise<void>((resolve) => (priority ? this.urgent : this.normal).push(resolve));
    this.active++;
    try {
      return await task();
    } finally {
      this.active--;
      (this.urgent.shift() ?? this.normal.shift())?.();
    }
  }
}
