import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { repliesTogether } from './replies-together';

describe('replies written together at the end of a turn', () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  it('sends the replies of requests answered in one turn only after all of them were answered', async () => {
    const events: string[] = [];
    const resumes: (() => void)[] = [];
    app = Fastify();
    app.addHook('onSend', repliesTogether(app.log));
    app.addHook('onSend', (request, _reply, payload, done) => {
      events.push(`sent ${(request.query as { n: string }).n}`);
      done(null, payload);
    });
    app.get('/', async (request) => {
      const { n } = request.query as { n: string };
      // Once all three have arrived, each resumes in a timer of its own, the three due in one turn: as
      // requests read from different sockets in one turn are each answered in a callback of their own.
      await new Promise<void>((resolve) => {
        resumes.push(resolve);
        if (resumes.length === 3) for (const resume of resumes) setTimeout(resume, 0);
      });
      events.push(`answered ${n}`);
      return { n };
    });
    const url = await app.listen({ host: '127.0.0.1', port: 0 });

    const bodies = await Promise.all(
      ['1', '2', '3'].map((n) => fetch(`${url}/?n=${n}`).then((response) => response.json())),
    );

    expect(bodies).toEqual([{ n: '1' }, { n: '2' }, { n: '3' }]);
    expect(events.slice(0, 3).every((event) => event.startsWith('answered'))).toBe(true);
    expect(events.slice(3).sort()).toEqual(['sent 1', 'sent 2', 'sent 3']);
  });

  it('answers a request that has no other in its turn', async () => {
    app = Fastify();
    app.addHook('onSend', repliesTogether(app.log));
    app.get('/', async () => ({ ok: true }));

    const response = await app.inject({ method: 'GET', url: '/' });

    expect(response.json()).toEqual({ ok: true });
  });

  it('still releases the replies behind one whose release throws, and logs that one', () => {
    const log = { error: vi.fn() } as unknown as FastifyBaseLogger;
    const hook = repliesTogether(log);
    const released: string[] = [];
    const hold = (payload: string, release: () => void) =>
      (hook as (...args: unknown[]) => void)({}, {}, payload, release);
    hold('first', () => {
      throw new Error('socket gone');
    });
    hold('second', () => released.push('second'));
    hold('third', () => released.push('third'));
    expect(released).toEqual([]);

    return new Promise<void>((resolve) =>
      setImmediate(() => {
        expect(released).toEqual(['second', 'third']);
        expect(log.error).toHaveBeenCalledTimes(1);
        resolve();
      }),
    );
  });
});
