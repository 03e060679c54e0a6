import http from 'node:http';
import net from 'node:net';

export type Backend = { name: string; port: number };

/**
 * A small load balancer for bench:cluster: each HTTP request, and each WebSocket upgrade, goes to
 * the next backend in turn, as a round-robin proxy in front of several server processes would.
 * It counts what each backend served.
 */
export async function startRoundRobinProxy(backends: Backend[]) {
  let next = 0;
  const served = new Map(backends.map((backend) => [backend.name, 0]));
  const pick = () => {
    const backend = backends[next % backends.length] as Backend;
    next++;
    served.set(backend.name, (served.get(backend.name) ?? 0) + 1);
    return backend;
  };
  const server = http.createServer((request, response) => {
    const backend = pick();
    const upstream = http.request(
      {
        host: '127.0.0.1',
        port: backend.port,
        method: request.method,
        path: request.url,
        headers: { ...request.headers, 'x-forwarded-for': request.socket.remoteAddress ?? '' },
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, { ...answer.headers, 'x-served-by': backend.name });
        answer.pipe(response);
      },
    );
    upstream.on('error', () => {
      if (!response.headersSent) response.writeHead(502);
      response.end();
    });
    request.pipe(upstream);
  });
  // WebSocket: the upgrade request is replayed to the backend and the two sockets are joined.
  server.on('upgrade', (request, client, head) => {
    const backend = pick();
    const upstream = net.connect(backend.port, '127.0.0.1', () => {
      const lines = [`${request.method} ${request.url} HTTP/1.1`];
      for (let i = 0; i < request.rawHeaders.length; i += 2) {
        lines.push(`${request.rawHeaders[i]}: ${request.rawHeaders[i + 1]}`);
      }
      upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
      if (head.length) upstream.write(head);
      upstream.pipe(client).pipe(upstream);
    });
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    served,
    /** The backend the next request will go to. */
    upcoming: () => (backends[next % backends.length] as Backend).name,
    lastUpgradeTo: () => (backends[(next - 1 + backends.length) % backends.length] as Backend).name,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
