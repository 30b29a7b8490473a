import { connect, createServer, type Server, type Socket } from 'node:net';

export interface TcpProxy {
  /** The local port that forwards to the target. */
  port: number;
  /** Drops every open connection and refuses new ones, as a database that went away. */
  cut(): Promise<void>;
  /** Accepts connections on the same port again, as a database that came back. */
  restore(): Promise<void>;
}

/**
 * A TCP forwarder on 127.0.0.1 to host:port that a test can cut and restore, to see what the
 * server does when its database becomes unreachable, and when it comes back.
 */
export async function startTcpProxy(host: string, targetPort: number): Promise<TcpProxy> {
  const open = new Set<Socket>();
  const forward = (client: Socket) => {
    const upstream = connect({ host, port: targetPort });
    for (const socket of [client, upstream]) {
      open.add(socket);
      socket.on('close', () => open.delete(socket));
      socket.on('error', () => undefined);
    }
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
    client.pipe(upstream).pipe(client);
  };
  const listen = async (port: number): Promise<Server> => {
    const server = createServer(forward);
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', resolve);
    });
    return server;
  };
  let server: Server | null = await listen(0);
  const port = (server.address() as { port: number }).port;
  return {
    port,
    async cut() {
      const closing = server;
      server = null;
      if (!closing) return;
      await new Promise<void>((resolve) => {
        closing.close(() => resolve());
        for (const socket of open) socket.destroy();
      });
    },
    async restore() {
      server ??= await listen(port);
    },
  };
}
