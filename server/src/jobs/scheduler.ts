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
 * Each run is recorded in `job_runs` (the last one per job, from any process), which System Status and
 * /metrics read to say how late a job is.
 */
export function startJobs(app: FastifyInstance, jobs: readonly Job[]) {
  // The run under way of each job, if any: closing waits for it, so no run outlives the database it uses.
  const running = new Map<Job, Promise<void>>();
  const timers = jobs.map((job) => {
    const tick = () => {
      if (running.has(job)) return;
      const run = runOnce(app, job).finally(() => running.delete(job));
      running.set(job, run);
    };
    const timer = setInterval(tick, job.everyMs);
    timer.unref();
    return timer;
  });
  // Registered after the database's own onClose hook (app.ts), so it runs before it: hooks run last first.
  app.addHook('onClose', async () => {
    timers.forEach(clearInterval);
    await Promise.all(running.values());
  });
}

/** One run of `job`, its failure logged, then the run recorded. Never rejects. */
async function runOnce(app: FastifyInstance, job: Job): Promise<void> {
  const started = new Date();
  let error: unknown = null;
  try {
    await job.run(app);
  } catch (caught) {
    error = caught;
    app.log.error({ err: caught, job: job.name }, 'job failed');
  }
  await recordRun(app, job, started, error).catch((failure: unknown) =>
    app.log.warn({ err: failure, job: job.name }, 'could not record a job run'),
  );
}

/** Upserts the job's last run. The message only (never a stack), cut short: it is shown on System Status. */
export async function recordRun(app: FastifyInstance, job: Job, started: Date, error: unknown) {
  const finished = new Date();
  const row = {
    every_ms: job.everyMs,
    started_at: started.toISOString(),
    finished_at: finished.toISOString(),
    duration_ms: finished.getTime() - started.getTime(),
    ok: error ? 0 : 1,
    error: error ? (error instanceof Error ? error.message : String(error)).slice(0, 300) : null,
  };
  await app.db
    .insertInto('job_runs')
    .values({ name: job.name, ...row })
    .onConflict((conflict) => conflict.column('name').doUpdateSet(row))
    .execute();
}
