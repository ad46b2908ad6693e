import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/errors';

/** The deepest nesting a JSON body may have. Meridian's deepest body is three levels (an invoice's lines). */
export const MAX_JSON_DEPTH = 32;

const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/** Whether `text` opens more than `max` arrays or objects inside each other (brackets inside strings aside). */
export function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const char = text.charCodeAt(index);
    if (inString) {
      if (char === BACKSLASH) index++;
      else if (char === QUOTE) inString = false;
    } else if (char === QUOTE) inString = true;
    else if (char === OPEN_ARRAY || char === OPEN_OBJECT) {
      if (++depth > max) return true;
    } else if (char === CLOSE_ARRAY || char === CLOSE_OBJECT) depth--;
  }
  return false;
}

/**
 * The API speaks JSON only. Bodies are parsed by Fastify's own parser (its prototype-poisoning checks kept),
 * after a check of their depth: JSON.parse takes a body nested thousands of levels deep, but any code that
 * walks it recursively then overflows the stack (the idempotency fingerprint did: a 500 on the public pay
 * route). Refused here, once, before any route or hook sees it.
 */
export function parseJsonBodiesOnly(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string; // parseAs: 'string'
    if (nestsDeeperThan(text, MAX_JSON_DEPTH)) {
      const message = `The request body is nested too deeply (at most ${MAX_JSON_DEPTH} levels)`;
      done(new AppError('VALIDATION_FAILED', message), undefined);
      return;
    }
    parseJson(request, text, done);
  });
  // Without this, text/plain bodies would reach validators as strings.
  app.removeContentTypeParser('text/plain');
}
