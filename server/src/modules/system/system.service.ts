import type { Kysely } from 'kysely';
import {
  plainStatusDetail,
  type Integration,
  type JobReport,
  type SystemStatus,
  type SystemTest,
} from '@contract/system';
import type { Database } from '../../db/schema';
import type { IntegrationCheck, IntegrationReport } from './integrations';

export interface KnownJob {
  name: string;
  everyMs: number;
}

/** How late a job may be, in intervals, before System Status warns. */
const LATE_AFTER_INTERVALS = 2;

/** One integration's report; a check that throws (its own storage is down) reports the error, never a 500. */
async function checkOne(each: IntegrationCheck, live: boolean): Promise<Integration> {
  try {
    return { id: each.id, name: each.name, ...(await each.check(live)) };
  } catch (error) {
    const detail = `Its check failed: ${error instanceof Error ? error.message : String(error)}`.slice(
      0,
      200,
    );
    return { id: each.id, name: each.name, status: 'error', detail, configured: null, production: null };
  }
}

/** A system as a customer or a stranger sees it: its state in plain words, nothing of how it is set up. */
const plainView = (each: Integration): Integration => ({
  id: each.id,
  name: each.name,
  status: each.status,
  detail: plainStatusDetail[each.status],
  configured: null,
  production: null,
});

export type SystemService = ReturnType<typeof createSystemService>;

/**
 * What System Status shows: each integration's own check, plus the scheduler, judged from the last run of
 * every job in the database (so every process tells the same). Only an operator sees why, what is configured,
 * what production needs and the job runs (a host, a database name, a job's error); everyone else gets each
 * system's status in plain words.
 */
export function createSystemService(deps: {
  db: Kysely<Database>;
  integrations: IntegrationCheck[];
  jobs: readonly KnownJob[];
  jobsRunHere: boolean;
}) {
  const { db, integrations, jobs, jobsRunHere } = deps;

  async function jobReports(now: number): Promise<JobReport[]> {
    const runs = await db.selectFrom('job_runs').selectAll().execute();
    return jobs.map((job) => {
      const run = runs.find((row) => row.name === job.name);
      const since = run ? (now - Date.parse(run.finished_at)) / 1000 : null;
      return {
        name: job.name,
        everySeconds: job.everyMs / 1000,
        lastRunAt: run?.finished_at ?? null,
        lastOk: run ? Number(run.ok) === 1 : null,
        lastError: run?.error ?? null,
        lagSeconds: since === null ? null : Math.max(0, Math.round(since - job.everyMs / 1000)),
      };
    });
  }

  function schedulerReport(reports: JobReport[] | null): IntegrationReport {
    if (!reports) {
      return {
        status: 'error',
        detail: 'Job runs cannot be read without the database',
        configured: null,
        production: null,
      };
    }
    const failed = reports.filter((job) => job.lastOk === false);
    const late = reports.filter(
      (job) => job.lagSeconds !== null && job.lagSeconds > job.everySeconds * LATE_AFTER_INTERVALS,
    );
    const configured = `${jobs.length} jobs, in ${jobsRunHere ? 'every app process' : 'other processes (off in this one)'}`;
    if (failed.length > 0) {
      const names = failed.map((job) => `${job.name} (${job.lastError ?? 'failed'})`).join(', ');
      return { status: 'error', detail: `Last run failed: ${names}`, configured, production: null };
    }
    if (late.length > 0) {
      const names = late.map((job) => `${job.name} ${job.lagSeconds}s late`).join(', ');
      return { status: 'warning', detail: `Running late: ${names}`, configured, production: null };
    }
    if (!jobsRunHere && reports.every((job) => job.lastRunAt === null)) {
      return {
        status: 'warning',
        detail: 'Background jobs are off in this process and no other has run them',
        configured,
        production: null,
      };
    }
    const ran = reports.filter((job) => job.lastRunAt !== null).length;
    return {
      status: 'working',
      detail: `${ran} of ${reports.length} jobs have run, none late or failing`,
      configured,
      production: null,
    };
  }

  async function status(options: { live: boolean; operator: boolean }): Promise<SystemStatus> {
    const now = Date.now();
    const checked = await Promise.all(integrations.map((each) => checkOne(each, options.live)));
    const reports = await jobReports(now).catch(() => null);
    const all: Integration[] = [
      ...checked,
      { id: 'scheduler', name: 'Scheduler', ...schedulerReport(reports) },
    ];
    return {
      integrations: options.operator ? all : all.map(plainView),
      jobs: options.operator ? (reports ?? []) : [],
      operatorView: options.operator,
      working: all.filter((each) => each.status === 'working').length,
      total: all.length,
      checkedAt: new Date(now).toISOString(),
    };
  }

  return {
    status: (operator: boolean) => status({ live: false, operator }),
    /** Live probes: for operators only (the route checks). */
    async test(): Promise<SystemTest> {
      const result = await status({ live: true, operator: true });
      return { ...result, message: `${result.working}/${result.total} systems operational` };
    },
    jobReports: () => jobReports(Date.now()),
  };
}
