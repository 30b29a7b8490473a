import { connect, createServer, type Socket } from 'node:net';

export interface TcpProxy {
  /** The local port that forwards to the target. */
  port: number;
  /** Drops every open connection and refuses new ones, as a database that went away. */
  cut(): Promise<void>;
}

/**
 * A TCP forwarder on 127.0.0.1 to host:port that a test can cut, to see what the server does
 * when its database becomes unreachable.
 */
export async function startTcpProxy(host: string, targetPort: number): Promise<TcpProxy> {
  const open = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = connect({ host, port: targetPort });
    for (const socket of [client, upstream]) {
      open.add(socket);
      socket.on('close', () => open.delete(socket));
      socket.on('error', () => undefined);
    }
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  let cut: Promise<void> | null = null;
  return {
    port: (server.address() as { port: number }).port,
    cut: () =>
      (cut ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of open) socket.destroy();
      })),
  };
}
