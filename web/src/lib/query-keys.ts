/**
 * Query keys more than one feature touches. A feature that changes data another feature shows (the profile
 * form changing the signed-in user's email) invalidates by these keys instead of importing the other feature.
 */
export const queryKeys = {
  me: ['auth', 'me'] as const,
  user: ['user'] as const,
  /** GET /api/auth/verification: the shell's banner and the profile show it; verifying or a change refresh it. */
  emailVerification: ['email-verification'] as const,
  /** GET /api/wallets: balances change after deposits, conversions, transfers, trades. */
  wallets: ['wallets'] as const,
  /** Prefix of every transaction list (recent activity, history pages): invalidate after money moves. */
  transactions: ['transactions'] as const,
  /** Prefix of every exchange-rate query (overview, single pair, all pairs): Refresh Rates refetches them. */
  exchangeRates: ['exchange-rates'] as const,
  /** Prefix of the earnings summary and cash-flow chart. */
  analytics: ['analytics'] as const,
  /** GET /api/kyc: identity verification and the monthly limit (the wizard, the profile, the dashboard). */
  kyc: ['kyc'] as const,
  /** GET /api/savings-goals: the portfolio's goals; an automatic set-aside changes them without a click. */
  goals: ['savings-goals'] as const,
  /** GET /api/clients: the Clients screen and the invoice form's picker; what each owes moves with invoices. */
  clients: ['clients'] as const,
  /** GET /api/categories: Books makes and renames them; the history names each row's category by them. */
  categories: ['categories'] as const,
  /** Prefix of the totals per category (Books): a row's category changing moves them. */
  categoryTotals: ['category-totals'] as const,
  /** GET /api/tax/estimate and /profile: the dashboard's tax card and the Tax page; money moving changes it. */
  tax: ['tax'] as const,
  /** Prefix of GET /api/forecast: balances, invoices, schedules and floors all move it. */
  forecast: ['forecast'] as const,
};

/**
 * Every figure that a money movement can change: balances, history, earnings and goals. A live notification
 * (money arrived, a set-aside ran) invalidates all of them, so no card on screen keeps an old number.
 */
export const moneyFigureKeys = [
  queryKeys.wallets,
  queryKeys.transactions,
  queryKeys.analytics,
  queryKeys.goals,
  queryKeys.tax,
  queryKeys.forecast,
] as const;
