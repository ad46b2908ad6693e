import type { FastifyInstance, FastifyRequest } from 'fastify';
import { unstorableCharacter } from '@contract/text';
import { invalidFields } from '../lib/errors';
import { isApiRoute } from './api-route';

interface Finding {
  field: string;
  message: string;
}

/** An object as JSON.parse or the query-string parser makes it (whose prototype has none), not a Buffer. */
const isPlainObject = (value: unknown): value is Record<string, unknown> => {
  if (typeof value !== 'object' || value === null) return false;
  const prototype = Object.getPrototypeOf(value) as object | null;
  return prototype === null || Object.getPrototypeOf(prototype) === null;
};

/**
 * The first string in `value` that holds a character no field takes (contract/src/text.ts), named by its path
 * as validation errors name fields ("items.0.description"; "_" for the whole body). Object keys are text too.
 * Only parsed JSON and parsed query strings are walked: a raw body kept as bytes (a signed webhook's) is not
 * text of ours.
 */
export function findUnstorable(value: unknown, path = ''): Finding | undefined {
  if (typeof value === 'string') {
    const message = unstorableCharacter(value);
    return message ? { field: path || '_', message } : undefined;
  }
  const inside = (key: string | number) => (path ? `${path}.${key}` : String(key));
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index++) {
      const found = findUnstorable(value[index], inside(index));
      if (found) return found;
    }
    return undefined;
  }
  if (!isPlainObject(value)) return undefined;
  for (const key in value) {
    const badKey = unstorableCharacter(key);
    if (badKey) return { field: path || '_', message: `A field name: ${badKey.toLowerCase()}` };
    const found = findUnstorable(value[key], inside(key));
    if (found) return found;
  }
  return undefined;
}

function unstorableIn(request: FastifyRequest): Finding | undefined {
  return findUnstorable(request.query) ?? findUnstorable(request.params) ?? findUnstorable(request.body);
}

/**
 * Every text an API request carries (query, path parameters, JSON body), whatever its route's schema says,
 * is refused with a 400 naming the field when it holds NUL, another C0 control but tab and line breaks, half a
 * surrogate pair, or a noncharacter. One check at the edge rather than a rule on each of the contract's
 * hundred string fields: a new field, or a route that reads a query it does not declare, cannot forget it.
 * PostgreSQL cannot store NUL (it failed with a 500 there and cut a CSV export short), and the others make
 * any XML file they reach unreadable. Runs before validation, so the free-text rules of the contract
 * (direction controls, line breaks) only ever see text that can be stored.
 */
export function textFieldsPlugin(app: FastifyInstance) {
  app.addHook('preValidation', (request, _reply, done) => {
    const found = isApiRoute(request) ? unstorableIn(request) : undefined;
    done(found && invalidFields({ [found.field]: found.message }));
  });
}
