import { afterAll, beforeAll } from 'vitest';
import { buildApp, type App } from '../app';
import type { Config } from '../config/env';
import { testConfig } from './config';
import { signUp, type Session } from './http';
import { createTestDatabase, type TestDatabase } from './test-app';

export interface TwoInstances {
  first: App;
  second: App;
  /** Signed up on the first instance. */
  owner: Session;
}

/**
 * Two app instances on one fresh PostgreSQL database, each with its session cache on (trusting an entry for a
 * minute), as two processes behind a load balancer: what a revocation must reach from the very next request.
 * Call inside a `describe`: it registers the suite's beforeAll and afterAll, and fills the object it returns.
 */
export function twoInstancesOnPostgres(overrides: Partial<Config> = {}): TwoInstances {
  const instances = {} as TwoInstances;
  let database: TestDatabase | undefined;
  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    const config = testConfig({ ...database.config, SESSION_CACHE_SECONDS: 60, ...overrides });
    instances.first = await buildApp(config);
    instances.second = await buildApp(config);
    await Promise.all([instances.first.ready(), instances.second.ready()]);
    instances.owner = await signUp(instances.first);
  });
  afterAll(async () => {
    await Promise.all([instances.first?.close(), instances.second?.close()]);
    await database?.drop();
  });
  return instances;
}
