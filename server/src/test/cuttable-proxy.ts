import { connect, createServer, type Socket } from 'node:net';

/**
 * A TCP proxy to a database server that a test can cut: an outage as the app sees it (established
 * connections drop, new ones are refused), without stopping the real server other tests share. Or freeze: the
 * connections stay open and nothing more is passed either way, as with a server that is stopped (SIGSTOP) or
 * partitioned rather than dead.
 */
export async function cuttableProxy(
  target: URL,
): Promise<{ url: URL; cut(): Promise<void>; freeze(): void }> {
  const sockets = new Set<Socket>();
  let frozen = false;
  const server = createServer((client) => {
    const upstream = connect(Number(target.port || 5432), target.hostname);
    sockets.add(client).add(upstream);
    if (!frozen) client.pipe(upstream).pipe(client);
    const drop = () => [client, upstream].forEach((socket) => socket.destroy());
    client.on('error', drop);
    upstream.on('error', drop);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = new URL(target);
  url.host = `127.0.0.1:${(server.address() as { port: number }).port}`;
  return {
    url,
    cut: async () => {
      sockets.forEach((socket) => socket.destroy());
      await new Promise((resolve) => server.close(resolve));
    },
    freeze: () => {
      frozen = true;
      sockets.forEach((socket) => socket.unpipe());
    },
  };
}
