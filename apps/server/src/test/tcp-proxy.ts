import net from 'node:net';

/**
 * A TCP proxy in front of a server (PostgreSQL, Redis) that a test can cut and restore, so an
 * outage is played without stopping the real server other tests share. `cut` destroys every open
 * connection and refuses new ones (a stopped server); `hang` keeps accepting but forwards nothing
 * (a server that stopped answering); `restore` forwards again.
 */
export interface TcpProxy {
  port: number;
  cut(): void;
  hang(): void;
  restore(): void;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  let mode: 'forward' | 'cut' | 'hang' = 'forward';
  const open = new Set<net.Socket>();
  const pairs = new Set<[net.Socket, net.Socket]>();
  const track = (socket: net.Socket) => {
    open.add(socket);
    socket.on('close', () => open.delete(socket));
    socket.on('error', () => socket.destroy());
  };
  const server = net.createServer((client) => {
    track(client);
    if (mode === 'cut') return void client.destroy();
    if (mode === 'hang') return;
    const upstream = net.connect(target.port, target.host);
    track(upstream);
    const pair: [net.Socket, net.Socket] = [client, upstream];
    pairs.add(pair);
    client.pipe(upstream);
    upstream.pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => {
      pairs.delete(pair);
      client.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const dropAll = () => {
    for (const socket of open) socket.destroy();
  };
  return {
    port: (server.address() as net.AddressInfo).port,
    cut() {
      mode = 'cut';
      dropAll();
    },
    hang() {
      mode = 'hang';
      // Open connections stay open but nothing crosses them any more, in either direction.
      for (const [client, upstream] of pairs) {
        client.unpipe(upstream);
        upstream.unpipe(client);
        client.pause();
        upstream.pause();
      }
    },
    restore() {
      // Connections that hung lost what was sent meanwhile: drop them so their clients open new ones.
      if (mode === 'hang') dropAll();
      mode = 'forward';
    },
    async close() {
      dropAll();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The same PostgreSQL or Redis address with its host and port replaced by the proxy's. */
export function throughProxy(url: string, proxy: TcpProxy): string {
  const address = new URL(url);
  address.hostname = '127.0.0.1';
  address.port = String(proxy.port);
  return address.toString();
}
