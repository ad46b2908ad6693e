import type { FastifyRequest } from 'fastify';
import { bearerTokenOf } from './bearer-token';
import { AppError } from './errors';

export type OperatorCheck = ReturnType<typeof operatorCheck>;

/**
 * The operator role: whoever sends `Authorization: Bearer <OPERATOR_TOKEN>`. Never a customer's session (a
 * demo's neither): configuration details, probes and the mail queue are for the people who run the bank.
 * Unset, nobody is an operator. A wrong token is a 401, so an operator sees the mistake.
 */
export function operatorCheck(token: string | undefined) {
  function isOperator(request: FastifyRequest): boolean {
    const presented = bearerTokenOf(request, token);
    if (presented === 'wrong') throw new AppError('UNAUTHENTICATED', 'The operator token is not valid');
    return presented === 'right';
  }
  return {
    isOperator,
    /** For a route only operators use: a stranger is a 401, a signed-in customer a 403. */
    requireOperator(request: FastifyRequest) {
      if (isOperator(request)) return;
      if (request.auth) throw new AppError('FORBIDDEN', 'This is for operators only');
      throw new AppError('UNAUTHENTICATED', 'An operator token is required');
    },
  };
}
