/**
 * A counting proxy for the benches: forwards HTTP requests and WebSocket upgrades to the simulator
 * and counts each REST call by API key and path, so a bench can say how often the app reads the
 * exchange for each account.
 * Written here rather than taken from a proxy library: it is forty lines and only ever sees loopback.
 */
import { createServer, request, type IncomingMessage } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';

export interface CountingProxy {
  url: string;
  /** REST calls since the last `take()` by API key ('' for public calls), then by path; the counts reset. */
  take(): Map<string, Map<string, number>>;
  close(): Promise<void>;
}

export async function startCountingProxy(target: string): Promise<CountingProxy> {
  const to = new URL(target);
  let counts = new Map<string, Map<string, number>>();
  const tunnels = new Set<Socket>();
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0]!;
    const key = String(req.headers['x-txc-apikey'] ?? '');
    const paths = counts.get(key) ?? new Map<string, number>();
    paths.set(path, (paths.get(path) ?? 0) + 1);
    counts.set(key, paths);
    const forward = request({ host: to.hostname, port: to.port, path: req.url, method: req.method, headers: { ...req.headers, host: to.host } }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    forward.on('error', () => res.destroy());
    req.pipe(forward);
  });
  // The live socket goes through too (the app derives its address from the base URL): bytes are piped both ways.
  server.on('upgrade', (req: IncomingMessage, socket, head) => {
    const upstream = connect(Number(to.port), to.hostname, () => {
      const headers = Object.entries({ ...req.headers, host: to.host }).map(([k, v]) => `${k}: ${Array.isArray(v) ? v.join(', ') : v}`);
      upstream.write(`${req.method} ${req.url} HTTP/1.1\r\n${headers.join('\r\n')}\r\n\r\n`);
      upstream.write(head);
      upstream.pipe(socket).pipe(upstream);
    });
    tunnels.add(upstream);
    const end = () => { upstream.destroy(); socket.destroy(); tunnels.delete(upstream); };
    upstream.on('error', end);
    socket.on('error', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    take() {
      const taken = counts;
      counts = new Map();
      return taken;
    },
    close: () => new Promise<void>((resolve) => {
      for (const tunnel of tunnels) tunnel.destroy();
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
