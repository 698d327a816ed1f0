// A webhook receiver on loopback for the README walk-through (npm run demo): answers every POST
// with 204 and prints the event, so an endpoint registered there gets its deliveries at once
// instead of retrying an unreachable address for a day.
import http from 'node:http';

export interface DemoReceiver {
  /** e.g. http://127.0.0.1:<port>/webhook */
  url: string;
  close(): Promise<void>;
}

export async function startDemoReceiver(log: (line: string) => void): Promise<DemoReceiver> {
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.method !== 'POST') return void res.writeHead(405).end();
      let summary = `${chunks.reduce((n, c) => n + c.length, 0)} bytes`;
      try {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { event?: string; data?: { project_id?: string; status?: string } };
        summary = `${body.event} project ${body.data?.project_id} (${body.data?.status})`;
      } catch {
        // not JSON: the size says enough
      }
      log(`webhook received: ${summary}, signed ${req.headers['webhook-signature'] ? 'both ways' : 'once'}`);
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  return {
    url: `http://127.0.0.1:${port}/webhook`,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
