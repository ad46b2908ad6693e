import type { NotificationStreamMessage } from '@contract/notifications';

/** A live notification stream read as a browser's EventSource would, over a real HTTP connection. */
export interface StreamClient {
  status: number;
  contentType: string | null;
  /** Resolves with the first message (already received or still to come) that `matches`; rejects after `ms`. */
  next(
    matches?: (message: NotificationStreamMessage) => boolean,
    ms?: number,
  ): Promise<NotificationStreamMessage>;
  /** Every message received so far. */
  messages: NotificationStreamMessage[];
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

export async function openNotificationStream(baseUrl: string, cookie: string): Promise<StreamClient> {
  const abort = new AbortController();
  const response = await fetch(`${baseUrl}/api/notifications/stream`, {
    headers: { cookie, accept: 'text/event-stream' },
    signal: abort.signal,
  });
  const messages: NotificationStreamMessage[] = [];
  const waiters = new Set<() => void>();
  let buffer = '';
  const ended = (async () => {
    if (!response.body) return;
    const decoder = new TextDecoder();
    try {
      for await (const chunk of response.body) {
        buffer += decoder.decode(chunk as Uint8Array, { stream: true });
        let boundary: number;
        while ((boundary = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, boundary);
          buffer = buffer.slice(boundary + 2);
          const data = block
            .split('\n')
            .filter((line) => line.startsWith('data: '))
            .map((line) => line.slice(6))
            .join('\n');
          if (block.includes('event: notifications') && data) {
            messages.push(JSON.parse(data) as NotificationStreamMessage);
            waiters.forEach((wake) => wake());
          }
        }
      }
    } catch {
      // aborted by close()
    }
  })();
  return {
    status: response.status,
    contentType: response.headers.get('content-type'),
    messages,
    ended,
    close: () => abort.abort(),
    next(matches = () => true, ms = 5_000) {
      return new Promise((resolve, reject) => {
        let seen = 0;
        const check = () => {
          for (; seen < messages.length; seen++) {
            if (matches(messages[seen]!)) {
              done();
              resolve(messages[seen]!);
              return;
            }
          }
        };
        const timer = setTimeout(() => {
          done();
          reject(new Error(`no matching stream message within ${ms} ms; got ${JSON.stringify(messages)}`));
        }, ms);
        const done = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      });
    },
  };
}
