import { describe, expect, it } from 'vitest';
import { SESSIONS_CHANNEL, SessionCache } from './session-cache';

/** A stand-in for the LISTEN connection: the test announces, drops and restores it by hand. */
function fakeListener() {
  const handlers: ((payload: string) => void)[] = [];
  const lost: (() => void)[] = [];
  return {
    listening: true,
    on(channel: string, handler: (payload: string) => void) {
      expect(channel).toBe(SESSIONS_CHANNEL);
      handlers.push(handler);
    },
    onLost(handler: () => void) {
      lost.push(handler);
    },
    announce(sessionId: string) {
      for (const handler of handlers) handler(sessionId);
    },
    lose() {
      this.listening = false;
      for (const handler of lost) handler();
    },
  };
}

const session = { userId: 'u1', booksOwnerId: null, lastSeenAt: 1_000, expiresAt: 9_000_000 };

function cacheWith(listener = fakeListener(), clock = { now: 0 }) {
  const cache = new SessionCache(listener, { maxAgeMs: 5_000, maxEntries: 3, now: () => clock.now });
  return { cache, listener, clock };
}

describe('SessionCache', () => {
  it('answers for a session it read until that session is announced as ended', () => {
    const { cache, listener } = cacheWith();
    cache.remember('s1', session, cache.mark());
    expect(cache.get('s1')).toMatchObject({ userId: 'u1' });
    listener.announce('s1');
    expect(cache.get('s1')).toBeUndefined();
  });

  it('does not keep a read that an announcement overtook (it may have been about this session)', () => {
    const { cache, listener } = cacheWith();
    const mark = cache.mark();
    listener.announce('s1'); // committed while the read was on its way back
    cache.remember('s1', session, mark);
    expect(cache.get('s1')).toBeUndefined();
    cache.remember('s1', session, cache.mark());
    expect(cache.get('s1')).toBeDefined();
  });

  it('trusts nothing while the listener is down, nor what was read before it came back', () => {
    const { cache, listener } = cacheWith();
    cache.remember('s1', session, cache.mark());
    const before = cache.mark();
    listener.lose();
    expect(cache.get('s1')).toBeUndefined();
    expect(cache.mark()).toBeNull();
    cache.remember('s2', session, cache.mark());
    listener.listening = true;
    cache.remember('s3', session, before);
    expect(cache.get('s1')).toBeUndefined();
    expect(cache.get('s2')).toBeUndefined();
    expect(cache.get('s3')).toBeUndefined();
  });

  it('asks the database again once an entry is older than its maximum age', () => {
    const { cache, clock } = cacheWith();
    cache.remember('s1', session, cache.mark());
    clock.now = 5_000;
    expect(cache.get('s1')).toBeDefined();
    clock.now = 5_001;
    expect(cache.get('s1')).toBeUndefined();
  });

  it('holds at most maxEntries, dropping the oldest first', () => {
    const { cache } = cacheWith();
    for (const id of ['s1', 's2', 's3', 's4']) cache.remember(id, session, cache.mark());
    expect(['s1', 's2', 's3', 's4'].map((id) => cache.get(id) !== undefined)).toEqual([
      false,
      true,
      true,
      true,
    ]);
  });

  it("forgets this process's own sign-outs at once: one session, or all of a user's but one", () => {
    const { cache } = cacheWith();
    cache.remember('s1', session, cache.mark());
    cache.remember('s2', session, cache.mark());
    cache.remember('s3', { ...session, userId: 'u2' }, cache.mark());
    cache.forgetUser('u1', 's2');
    expect(cache.get('s1')).toBeUndefined();
    expect(cache.get('s2')).toBeDefined();
    expect(cache.get('s3')).toBeDefined();
    cache.forget('s2');
    expect(cache.get('s2')).toBeUndefined();
  });

  it('keeps the last_seen_at this process wrote', () => {
    const { cache } = cacheWith();
    cache.remember('s1', session, cache.mark());
    cache.touched('s1', 60_000);
    expect(cache.get('s1')?.lastSeenAt).toBe(60_000);
  });
});
