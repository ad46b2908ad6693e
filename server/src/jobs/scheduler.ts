import type { FastifyInstance } from 'fastify';

export interface Job {
  name: string;
  everyMs: number;
  run(app: FastifyInstance): Promise<unknown>;
}

const HOUR = 3_600_000;

const jobs: Job[] = [
  { name: 'remove-idle-demo-users', everyMs: HOUR, run: (app) => app.auth.removeIdleDemoUsers() },
];

/**
 * Registers a job; modules add theirs before the app starts listening. A job of the same name replaces the
 * earlier one, so building the app again (tests do, with other settings) never runs a job twice.
 */
export function registerJob(job: Job) {
  const index = jobs.findIndex((existing) => existing.name === job.name);
  if (index === -1) jobs.push(job);
  else jobs[index] = job;
}

/**
 * Runs each job on its interval inside this process. A run never overlaps itself; a failure is logged
 * and retried on the next tick. Timers stop when the app closes.
 */
export function startJobs(app: FastifyInstance) {
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
