import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { get } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import v8 from 'node:v8';
import vm from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountantPackUrl } from '@contract/accountant-pack';
import { signUp, type Session } from '../../test/http';
import { createTestApp, type TestContext } from '../../test/test-app';
import { eachZipEntry } from '../../test/zip';

const ROWS = 100_000;
const BATCH = 2_000;
/**
 * How far above its start the heap may go while the pack streams, after a full collection at each sample.
 * The 100,000 rows as objects would take well over 100 MiB and their CSV ~9 MiB; one export batch, the
 * compressor's window and the streams' buffers take a few.
 */
const HEAP_MARGIN_MB = 8;

// A full collection before each sample, so a sample is what is live, not what is not yet collected.
v8.setFlagsFromString('--expose-gc');
const collect = vm.runInNewContext('gc') as () => void;
const heapMb = () => {
  collect();
  return process.memoryUsage().heapUsed / 2 ** 20;
};

// SQLite only: on this machine the PostgreSQL run (100,000 inserts, then the stream with a full collection
// every sample) took over 20 minutes. The stream's code is the same on both; the pack tests run on both.
describe('accountant pack of 100,000 history rows [sqlite]', () => {
  let ctx: TestContext & { close(): Promise<void> };
  let owner: Session;
  let dir: string;
  const period = { from: '2025-01-01', to: '2025-12-31' };

  beforeAll(async () => {
    ctx = await createTestApp('sqlite');
    dir = mkdtempSync(join(tmpdir(), 'meridian-pack-'));
    owner = await signUp(ctx.app);
    const entryId = randomUUID();
    await ctx.app.db
      .insertInto('journal_entries')
      .values({
        id: entryId,
        kind: 'test',
        description: 'pack fixture',
        created_at: '2025-01-01T00:00:00.000Z',
      })
      .execute();
    const start = Date.parse('2025-01-01T00:00:00Z');
    for (let first = 0; first < ROWS; first += BATCH) {
      const rows = Array.from({ length: BATCH }, (_, offset) => {
        const n = first + offset;
        return {
          id: `${String(n).padStart(7, '0')}-${entryId}`,
          user_id: owner.user.id,
          entry_id: entryId,
          type: 'receive',
          amount: BigInt(100 + n),
          currency: 'USD' as const,
          fee: 0n,
          description: `Payment ${n}, "Acme, Inc."`,
          counterparty: 'Acme, Inc.',
          status: 'completed',
          // Five minutes apart: 100,000 rows fill the year 2025 (347 days).
          created_at: new Date(start + n * 300_000).toISOString(),
        };
      });
      await ctx.app.db.insertInto('transactions').values(rows).execute();
    }
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  }, 300_000);
  afterAll(async () => {
    rmSync(dir, { recursive: true, force: true });
    await ctx?.close();
  }, 120_000);

  it('streams a complete ZIP with every row while the heap stays flat', async () => {
    const { port } = ctx.app.server.address() as AddressInfo;
    const file = join(dir, 'pack.zip');
    const before = heapMb();
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, heapMb())), 500);
    try {
      const response = await new Promise<import('node:http').IncomingMessage>((resolve, reject) =>
        get(
          `http://127.0.0.1:${port}${accountantPackUrl(period)}`,
          { headers: { cookie: owner.cookie } },
          resolve,
        ).on('error', reject),
      );
      expect(response.statusCode).toBe(200);
      await pipeline(response, createWriteStream(file));
    } finally {
      clearInterval(sampler);
    }
    const after = heapMb();
    console.log(
      `[${ctx.dialect}] pack of ${ROWS} rows: heap ${before.toFixed(1)} → peak ${peak.toFixed(1)} → ${after.toFixed(1)} MiB`,
    );
    expect(peak - before).toBeLessThan(HEAP_MARGIN_MB);

    // The archive is whole: every entry reads back (yauzl checks sizes and CRCs), the CSV has every row,
    // and its SHA-256 is the index's.
    const hashes = new Map<string, string>();
    let index = '';
    let lines = 0;
    await eachZipEntry(file, async (name, stream) => {
      const hash = createHash('sha256');
      for await (const chunk of stream as AsyncIterable<Buffer>) {
        hash.update(chunk);
        if (name === 'index.csv') index += chunk.toString();
        if (name === 'history.csv') for (const byte of chunk) if (byte === 10) lines++;
      }
      hashes.set(name, hash.digest('hex'));
    });
    expect([...hashes.keys()]).toEqual(['README.txt', 'history.csv', 'index.csv']);
    expect(lines).toBe(1 + ROWS);
    expect(index).toContain(`history.csv,`);
    expect(index).toContain(`,${hashes.get('history.csv')},`);
  }, 900_000);
});
