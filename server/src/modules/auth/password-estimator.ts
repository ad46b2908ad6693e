import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** What zxcvbn says of a password: its 0–4 score and its advice. */
export interface PasswordEstimate {
  score: number;
  warning: string | null;
  suggestions: string[];
}

export interface EstimatorOptions {
  /** Characters judged (zxcvbn's `maxLength`). */
  maxLength: number;
  /** Substitutions the l33t matcher tries at most (zxcvbn's `l33tMaxSubstitutions`). */
  l33tMaxSubstitutions: number;
  /** How long one estimate may take, queue included, before the thread is ended and started afresh. */
  timeoutMs: number;
}

/**
 * The thread's code: zxcvbn with Meridian's dictionaries, answering one message at a time. Plain JavaScript run
 * with `eval` (as db/wal-checkpointer.ts does), so that it needs no loader of its own under tsx, in production
 * or under the tests; the packages are resolved by the main thread and required by path.
 */
const THREAD = `
const { parentPort, workerData } = require('node:worker_threads');
const { ZxcvbnFactory } = require(workerData.packages.core);
const common = require(workerData.packages.common);
const english = require(workerData.packages.english);
const estimator = new ZxcvbnFactory({
  translations: english.translations,
  graphs: common.adjacencyGraphs,
  dictionary: { ...common.dictionary, ...english.dictionary },
  maxLength: workerData.maxLength,
  l33tMaxSubstitutions: workerData.l33tMaxSubstitutions,
});
parentPort.on('message', ({ id, password, userInputs }) => {
  try {
    const { score, feedback } = estimator.check(password, userInputs);
    parentPort.postMessage({ id, estimate: { score, warning: feedback.warning, suggestions: feedback.suggestions } });
  } catch (error) {
    parentPort.postMessage({ id, error: String((error && error.message) || error) });
  }
});
`;

interface Pending {
  resolve(estimate: PasswordEstimate): void;
  reject(error: Error): void;
  timer: NodeJS.Timeout;
}

type Reply = { id: number; estimate: PasswordEstimate } | { id: number; error: string };

/**
 * zxcvbn on a thread of its own: a hostile password can keep it busy for a good part of a second, which on the
 * server's thread would hold every other request for as long. One thread, made at the first estimate (loading
 * the dictionaries takes ~150 ms, and most processes never see a new password); estimates queue on it. One
 * that takes longer than `timeoutMs` ends the thread, failing what was queued behind it, and the next estimate
 * starts a fresh one.
 */
export function createPasswordEstimator(options: EstimatorOptions) {
  const resolve = createRequire(import.meta.url).resolve;
  const packages = {
    core: resolve('@zxcvbn-ts/core'),
    common: resolve('@zxcvbn-ts/language-common'),
    english: resolve('@zxcvbn-ts/language-en'),
  };
  const pending = new Map<number, Pending>();
  let worker: Worker | undefined;
  let nextId = 0;

  function failAll(thread: Worker, error: Error) {
    if (worker !== thread) return;
    worker = undefined;
    void thread.terminate();
    for (const [id, waiting] of pending) {
      clearTimeout(waiting.timer);
      pending.delete(id);
      waiting.reject(error);
    }
  }

  function start(): Worker {
    const thread = new Worker(THREAD, {
      eval: true,
      workerData: {
        packages,
        maxLength: options.maxLength,
        l33tMaxSubstitutions: options.l33tMaxSubstitutions,
      },
    });
    thread.on('message', (reply: Reply) => {
      const waiting = pending.get(reply.id);
      if (!waiting) return;
      pending.delete(reply.id);
      clearTimeout(waiting.timer);
      if ('error' in reply) waiting.reject(new Error(reply.error));
      else waiting.resolve(reply.estimate);
    });
    thread.on('error', (error) => failAll(thread, error));
    thread.on('exit', (code) => failAll(thread, new Error(`the password thread exited (${code})`)));
    // An idle thread keeps no process alive; a pending estimate's timer does until it is answered. After the
    // listeners: adding a 'message' listener refs the thread again.
    thread.unref();
    return thread;
  }

  return {
    estimate(password: string, userInputs: string[]): Promise<PasswordEstimate> {
      const thread = (worker ??= start());
      const id = nextId++;
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => failAll(thread, new Error(`a password estimate took over ${options.timeoutMs} ms`)),
          options.timeoutMs,
        );
        pending.set(id, { resolve, reject, timer });
        thread.postMessage({ id, password, userInputs });
      });
    },
  };
}
