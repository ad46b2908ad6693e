// For the modules that still import it from here: it lives in the db layer.
export { isRetryable, withKeyedMoneyTransaction, withMoneyTransaction } from '../../db/money-transaction';
