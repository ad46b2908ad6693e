import http from 'node:http';

export interface Latency {
  p50: number;
  p99: number;
}

/**
 * Latency of `count` GETs sent one after another over one kept-alive connection (node:http, as autocannon
 * talks), in ms. Not fetch: undici's per-request work and its reading of the body in this process doubled
 * the time measured for a 20-row page (p50 0.75 → 1.5 ms at 100,000 rows), so fetch timed mostly itself.
 */
export async function timeGets(
  baseUrl: string,
  path: string,
  cookie: string,
  count: number,
): Promise<Latency> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const times: number[] = [];
  try {
    for (let index = 0; index < count; index++) {
      const started = performance.now();
      const { status, body } = await get(agent, new URL(path, baseUrl), cookie);
      times.push(performance.now() - started);
      if (status !== 200) throw new Error(`GET ${path}: ${status} ${body}`);
    }
  } finally {
    agent.destroy();
  }
  times.sort((a, b) => a - b);
  const percentile = (p: number) => times[Math.min(times.length - 1, Math.ceil(p * times.length) - 1)]!;
  return { p50: percentile(0.5), p99: percentile(0.99) };
}

function get(agent: http.Agent, url: URL, cookie: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent, headers: { cookie } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString() }),
      );
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}
