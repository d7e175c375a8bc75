import { connect, createServer, type AddressInfo, type Socket } from 'node:net';

/**
 * A TCP proxy to Redis whose subscriber connections can be made to go silent: they stay open, but
 * nothing passes either way any more (as when a balancer or NAT forgets an idle connection).
 * Connections opened afterwards pass as before.
 */
export async function silencingProxy(target: string) {
  const { hostname, port } = new URL(target);
  const pairs = new Set<{ client: Socket; upstream: Socket; subscriber: boolean; silent: boolean }>();
  let refusing = false;
  const server = createServer((client) => {
    if (refusing) return void client.destroy();
    const pair = { client, upstream: connect(Number(port || 6379), hostname), subscriber: false, silent: false };
    pairs.add(pair);
    client.on('data', (d: Buffer) => {
      if (d.toString().toUpperCase().includes('SUBSCRIBE')) pair.subscriber = true;
      if (!pair.silent) pair.upstream.write(d);
    });
    pair.upstream.on('data', (d: Buffer) => {
      if (!pair.silent) client.write(d);
    });
    const end = () => {
      client.destroy();
      pair.upstream.destroy();
      pairs.delete(pair);
    };
    for (const socket of [client, pair.upstream]) socket.on('close', end).on('error', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `redis://127.0.0.1:${(server.address() as AddressInfo).port}`,
    /** New connections are closed at once (Redis unreachable) until set back. */
    refuse: (on: boolean) => {
      refusing = on;
    },
    silenceSubscribers: () => {
      for (const pair of pairs) if (pair.subscriber) pair.silent = true;
    },
    close: async () => {
      for (const pair of pairs) pair.client.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
