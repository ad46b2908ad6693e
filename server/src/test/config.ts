import { loadConfig, type Config } from '../config/env';

/** Every test app has an operator (tests send it as a bearer token); the unset case overrides it away. */
export const TEST_OPERATOR_TOKEN = 'an-operator-token-for-tests';

/** Config for tests: the defaults, quiet, no web app, plus overrides; never reads the process environment. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  // Tests sign many users up from one address; the limits themselves are tested with low overrides.
  const roomy = {
    SIGNUPS_PER_MINUTE: '100000',
    RATE_LIMIT_PER_MINUTE: '100000',
    API_KEY_RATE_LIMIT_PER_MINUTE: '100000',
    LOGIN_ATTEMPTS_PER_IP: '100000',
    AUTH_FAILURES_PER_MINUTE: '100000',
    LOGIN_ATTEMPTS_PER_ACCOUNT_ALL_SOURCES: '100000',
    // Tests move thousands as fresh, unverified users; modules/kyc tests the real default with an override.
    UNVERIFIED_MONTHLY_LIMIT_USD: '100000000',
    // Suites mail many clients and payees from one account; modules/mail tests the cap with an override.
    MAIL_TO_OTHERS_PER_HOUR: '10000',
    // The embedded identity reviewer pauses between checks for people watching; tests do not wait.
    KYC_CHECK_DELAY_MS: '0',
    // Tests edit sessions in the database and expect the very next request to see it; the announcement that
    // tells a PostgreSQL process's session cache arrives a moment later. The cache's own tests turn it on
    // (modules/auth/session-processes.test.ts); the server processes of the bank and browser tests run with it.
    SESSION_CACHE_SECONDS: '0',
  };
  // The market stands at its reference prices when the app is built, so tests can expect the sketch's figures.
  const market = { RATES_EPOCH: new Date().toISOString() };
  return {
    ...loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
      WEB_DIST_DIR: '',
      OPERATOR_TOKEN: TEST_OPERATOR_TOKEN,
      ...roomy,
      ...market,
    }),
    ...overrides,
  };
}
