import { z } from 'zod';

/**
 * System Status: every integration Meridian runs on, how it is doing and why, what is configured, and what
 * production would need. `working`: doing its job; `warning`: works, but as an embedded stand-in or late;
 * `missing`: the feature it serves is not built or not configured; `error`: failing now.
 */
export const integrationStatuses = ['working', 'warning', 'missing', 'error'] as const;
export type IntegrationStatus = (typeof integrationStatuses)[number];

/**
 * What a customer or a stranger reads for each status: the state in plain words. Why, what is configured and
 * what production needs are for operators (hosts, database names, key storage and job errors among them).
 */
export const plainStatusDetail: Record<IntegrationStatus, string> = {
  working: 'Working normally',
  warning: 'Working, with limitations',
  missing: 'Not available yet',
  error: 'Not working right now',
};

export const integrationSchema = z.object({
  id: z.string(),
  name: z.string(),
  status: z.enum(integrationStatuses),
  /** Why it has that status, in a sentence (for a customer or a stranger, only `plainStatusDetail`). */
  detail: z.string(),
  /** What this server is set up with (operators only; null otherwise). */
  configured: z.string().nullable(),
  /** What production needs, for the "required production APIs" list (operators only); null otherwise. */
  production: z.string().nullable(),
});
export type Integration = z.infer<typeof integrationSchema>;

export const jobReportSchema = z.object({
  name: z.string(),
  everySeconds: z.number(),
  lastRunAt: z.string().nullable(),
  lastOk: z.boolean().nullable(),
  lastError: z.string().nullable(),
  /** Seconds since the last run finished, beyond the job's interval (0 when on time); null if it never ran. */
  lagSeconds: z.number().nullable(),
});
export type JobReport = z.infer<typeof jobReportSchema>;

/**
 * GET /api/system/status. Anyone gets each system's status, in plain words; an operator (the OPERATOR_TOKEN
 * bearer) also gets why, what is configured, what production needs and the job runs. It answers even when the
 * database is down, because that is exactly when it matters.
 */
export const systemStatusSchema = z.object({
  integrations: z.array(integrationSchema),
  /** The last run of each background job (operators only; empty otherwise). */
  jobs: z.array(jobReportSchema),
  /** True when the caller is an operator and sees the details. */
  operatorView: z.boolean(),
  working: z.number().int(),
  total: z.number().int(),
  checkedAt: z.string(),
});
export type SystemStatus = z.infer<typeof systemStatusSchema>;

/**
 * POST /api/system/test (operators only): live probes of every integration that has one; `message` is
 * "n/m systems operational".
 */
export const systemTestSchema = systemStatusSchema.extend({ message: z.string() });
export type SystemTest = z.infer<typeof systemTestSchema>;

/**
 * One email Meridian gave up on, as an operator sees it (GET /api/system/mail/failed): who it was for and
 * why it failed, never its body (a body can carry a sign-in or reset link).
 */
export const failedMailSchema = z.object({
  id: z.string(),
  kind: z.string(),
  to: z.string(),
  subject: z.string(),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  failedAt: z.string().nullable(),
});
export type FailedMail = z.infer<typeof failedMailSchema>;

/** GET /api/system/mail/failed (operators only): the newest failures first, at most `FAILED_MAIL_SHOWN`. */
export const failedMailListSchema = z.object({ mail: z.array(failedMailSchema) });
export type FailedMailList = z.infer<typeof failedMailListSchema>;
export const FAILED_MAIL_SHOWN = 100;
