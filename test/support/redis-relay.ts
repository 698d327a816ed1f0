import net from 'node:net';

export interface RedisRelay {
  url: string;
  port: number;
  /** Closes the relay and every connection through it: Redis is unreachable through `url` until a new relay listens on `port`. */
  close(): Promise<void>;
}

/** A TCP relay on loopback in front of the real Redis, to take Redis away from a client and give it back. */
export async function redisRelay(target: URL, port = 0): Promise<RedisRelay> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 6379), target.hostname);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => undefined);
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const bound = (server.address() as net.AddressInfo).port;
  return {
    url: `redis://127.0.0.1:${bound}`,
    port: bound,
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
