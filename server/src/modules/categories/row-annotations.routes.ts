import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  noteResultSchema,
  rowCategorySchema,
  setCategoryBodySchema,
  setNoteBodySchema,
  type NoteAuthor,
} from '@contract/categories';
import { pathIdSchema } from '@contract/text';
import { sessionOf, userIdOf } from '../../plugins/session';
import type { RowAnnotations } from './row-annotations';

const params = z.object({ id: pathIdSchema(100) });
const annotate = { accountant: 'annotate' } as const;

/**
 * Who is writing. An accountant reading the owner's books has `role` 'accountant' and their own id as
 * `actingUserId` (the accountant-access slice adds both to the request's auth); anyone else is the owner.
 */
function authorOf(request: FastifyRequest): { role: NoteAuthor; id: string } {
  const auth = sessionOf(request) as { userId: string; role?: NoteAuthor; actingUserId?: string };
  return { role: auth.role ?? 'owner', id: auth.actingUserId ?? auth.userId };
}

/** Under /api/transactions: a row's category and note, which an accountant may set if the owner allowed it. */
export const rowAnnotationRoutes: FastifyPluginAsyncZod<{ annotations: RowAnnotations }> = async (
  app,
  { annotations },
) => {
  app.put(
    '/:id/category',
    {
      config: annotate,
      schema: { params, body: setCategoryBodySchema, response: { 200: rowCategorySchema } },
    },
    async (request) => annotations.setCategory(userIdOf(request), request.params.id, request.body.category),
  );

  app.put(
    '/:id/note',
    { config: annotate, schema: { params, body: setNoteBodySchema, response: { 200: noteResultSchema } } },
    async (request) =>
      annotations.setNote(userIdOf(request), request.params.id, request.body.text, authorOf(request)),
  );
};
