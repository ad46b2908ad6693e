import type { FastifyInstance } from 'fastify';

export interface Job {
  name: string;
  everyMs: number;
  run(app: FastifyInstance): Promise<unknown>;
}

/**
 * Runs each job on its interval inside this process; app.ts says which jobs there are. A run never overlaps
 * itself; a failure is logged and retried on the next tick. Timers stop when the app closes. Every process
 * runs every job: each one claims its work in the database (SKIP LOCKED, leases), so they never collide.
 */
export function startJobs(app: FastifyInstance, jobs: readonly Job[]) {
  const timers = jobs.map((job) => {
    let running = false;
    const tick = async () => {
      if (running) return;
      running = true;
      try {
        await job.run(app);
      } catch (error) {
        app.log.error({ err: error, job: job.name }, 'job failed');
      } finally {
        running = false;
      }
    };
    const timer = setInterval(tick, job.everyMs);
    timer.unref();
    return timer;
  });
  app.addHook('onClose', async () => timers.forEach(clearInterval));
}
