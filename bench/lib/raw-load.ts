import net from 'node:net';

export type ClosedLoopResult = {
  requests: number;
  errors: number;
  non200: number;
  seconds: number;
  perSecond: number;
};

/**
 * A small closed-loop load generator over raw keep-alive sockets: `connections` sockets, each
 * sending the next GET as soon as the previous response is complete (no pipelining), for
 * `durationMs`. Raw sockets keep the generator's own cost far below a full HTTP client's, so on a
 * small machine it measures the server rather than itself. It understands responses framed by
 * content-length, which is what the endpoints it is pointed at send.
 */
export async function closedLoop(options: {
  port: number;
  path: string;
  connections: number;
  durationMs: number;
}): Promise<ClosedLoopResult> {
  const request = Buffer.from(
    `GET ${options.path} HTTP/1.1\r\nHost: 127.0.0.1:${options.port}\r\nConnection: keep-alive\r\n\r\n`,
  );
  let requests = 0;
  let errors = 0;
  let non200 = 0;
  let running = true;
  const started = performance.now();

  const worker = () =>
    new Promise<void>((resolve) => {
      const socket = net.connect({ host: '127.0.0.1', port: options.port, noDelay: true });
      let buffer = Buffer.alloc(0);
      const finish = () => {
        socket.destroy();
        resolve();
      };
      socket.on('connect', () => socket.write(request));
      socket.on('error', () => {
        errors++;
        finish();
      });
      socket.on('data', (chunk) => {
        buffer = buffer.length ? Buffer.concat([buffer, chunk]) : chunk;
        for (;;) {
          const headerEnd = buffer.indexOf('\r\n\r\n');
          if (headerEnd < 0) return;
          const head = buffer.subarray(0, headerEnd).toString('latin1');
          const length = /\r\ncontent-length:\s*(\d+)/i.exec(head);
          if (!length) {
            errors++;
            finish();
            return;
          }
          const total = headerEnd + 4 + Number(length[1]);
          if (buffer.length < total) return;
          if (!head.startsWith('HTTP/1.1 200')) non200++;
          requests++;
          buffer = buffer.subarray(total);
          if (!running) {
            finish();
            return;
          }
          socket.write(request);
        }
      });
    });

  const timer = setTimeout(() => {
    running = false;
  }, options.durationMs);
  await Promise.all(Array.from({ length: options.connections }, worker));
  clearTimeout(timer);
  const seconds = (performance.now() - started) / 1000;
  return { requests, errors, non200, seconds, perSecond: requests / seconds };
}
