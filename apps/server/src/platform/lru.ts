/** A size-bounded map that forgets the least recently used entry first. */
export class Lru<K, V> {
  private readonly map = new Map<K, V>();

  constructor(
    private readonly max: number,
    private readonly onEvict: (key: K, value: V) => void = () => undefined,
  ) {}

  get size(): number {
    return this.map.size;
  }

  get(key: K): V | undefined {
    const value = this.map.get(key);
    if (value === undefined) return undefined;
    this.map.delete(key);
    this.map.set(key, value);
    return value;
  }

  set(key: K, value: V): void {
    const old = this.map.get(key);
    this.map.delete(key);
    if (old !== undefined && old !== value) this.onEvict(key, old);
    this.map.set(key, value);
    while (this.map.size > this.max) {
      const [oldestKey, oldest] = this.map.entries().next().value as [K, V];
      this.map.delete(oldestKey);
      this.onEvict(oldestKey, oldest);
    }
  }

  delete(key: K): void {
    const value = this.map.get(key);
    if (value === undefined) return;
    this.map.delete(key);
    this.onEvict(key, value);
  }
}
