import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { RECEIPT_FILE_FIELD, RECEIPT_MAX_FILE_BYTES, receiptInfoSchema } from '@contract/receipts';
import { pathIdSchema } from '@contract/text';
import { readMultipartForm } from '../../lib/uploads/multipart-form';
import { userIdOf } from '../../plugins/session';
import { attachmentDisposition } from './receipt-file-name';
import type { ReceiptsService } from './receipts.service';

const params = z.object({ id: pathIdSchema(100) });
const MAX_MB = RECEIPT_MAX_FILE_BYTES / (1024 * 1024);

/** A history row's receipt file, under /api/transactions (see contract/src/receipts.ts). */
export const receiptRoutes: FastifyPluginAsyncZod<{ receipts: ReceiptsService }> = async (
  app,
  { receipts },
) => {
  // Only in this plugin: the rest of the API takes JSON. Sizes are checked while streaming.
  await app.register(fastifyMultipart, {
    limits: { fileSize: RECEIPT_MAX_FILE_BYTES, files: 1, fields: 2, fieldSize: 1000, parts: 3 },
  });

  // multipart/form-data with one file, `file`. CSRF applies as to every non-GET (no Idempotency-Key: a
  // repeated upload replaces the receipt with the same file).
  app.post(
    '/:id/receipt',
    { schema: { params, response: { 201: receiptInfoSchema } } },
    async (request, reply) => {
      const form = await readMultipartForm(request, {
        fileFields: [RECEIPT_FILE_FIELD],
        maxFileBytes: RECEIPT_MAX_FILE_BYTES,
        notMultipart: 'Send the receipt as multipart/form-data',
        expectedFiles: `send the receipt as "${RECEIPT_FILE_FIELD}"`,
        tooLarge: `A receipt can be at most ${MAX_MB} MB`,
        tooManyParts: 'Too many parts: send one receipt file',
      });
      const receipt = await receipts.attach(
        userIdOf(request),
        request.params.id,
        form.files[RECEIPT_FILE_FIELD],
      );
      return reply.code(201).send(receipt);
    },
  );

  app.get('/:id/receipt', { schema: { params }, config: { accountant: 'read' } }, async (request, reply) => {
    const file = await receipts.file(userIdOf(request), request.params.id);
    return reply
      .header('content-type', file.contentType)
      .header('content-disposition', attachmentDisposition(file.fileName))
      .header('cache-control', 'no-store')
      .header('x-content-type-options', 'nosniff')
      .send(file.bytes);
  });

  app.delete('/:id/receipt', { schema: { params } }, async (request, reply) => {
    await receipts.remove(userIdOf(request), request.params.id);
    return reply.code(204).send();
  });
};
