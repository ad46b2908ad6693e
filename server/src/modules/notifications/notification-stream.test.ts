import { expect, it } from 'vitest';
import { signUp } from '../../test/http';
import { describeEachDatabase } from '../../test/test-app';
import { createNotificationStream, type StreamSink } from './notification-stream';
import type { StreamInterest } from './stream-interest';

describeEachDatabase('notification streams while the app closes', (ctx) => {
  it('ends a stream that finishes opening after every stream was closed, instead of keeping it', async () => {
    // The stream's announcement waits until the test lets it go, so closeAll runs while it is opening.
    let announce!: () => void;
    const announced = new Promise<void>((resolve) => (announce = resolve));
    const interest: StreamInterest = {
      hold: () => announced,
      renew: async () => {},
      releaseAll: async () => {},
    };
    const stream = createNotificationStream({
      db: ctx.app.db,
      notifier: ctx.app.notifier,
      interest,
      log: ctx.app.log,
    });
    const { user } = await signUp(ctx.app);
    let ended = false;
    const sink: StreamSink = {
      sessionId: 'a-session',
      send: () => {},
      end: () => (ended = true),
      recheckSession: () => {},
    };
    const opening = stream.open(user.id, sink);
    await stream.closeAll();
    announce();
    await opening;
    expect(ended).toBe(true);
    expect(stream.size()).toBe(0);

    // And one that starts after that is ended before it reads anything.
    ended = false;
    await stream.open(user.id, sink);
    expect(ended).toBe(true);
    expect(stream.size()).toBe(0);
  });
});
