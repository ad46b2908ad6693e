import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  documentFieldsSchema,
  documentSides,
  KYC_MAX_FILE_BYTES,
  kycApplicationSchema,
  personalInfoSchema,
  type DocumentSide,
} from '@contract/kyc';
import { pathIdSchema } from '@contract/text';
import { invalidFields } from '../../lib/errors';
import { userIdOf } from '../../plugins/session';
import type { UploadedImage } from './kyc-documents';
import type { KycService } from './kyc.service';
import { readDocumentsForm } from './multipart-form';

const params = z.object({ id: pathIdSchema(100) });

export const kycRoutes: FastifyPluginAsyncZod<{ kyc: KycService }> = async (app, { kyc }) => {
  // Only here: the rest of the API takes JSON. Sizes are checked while streaming, before anything is kept.
  await app.register(fastifyMultipart, {
    limits: {
      fileSize: KYC_MAX_FILE_BYTES,
      files: documentSides.length,
      fields: 10,
      fieldSize: 1000,
      parts: 16,
    },
  });

  app.get('/', { schema: { response: { 200: kycApplicationSchema } } }, async (request) =>
    kyc.get(userIdOf(request)),
  );

  app.put(
    '/personal',
    { schema: { body: personalInfoSchema, response: { 200: kycApplicationSchema } } },
    async (request) => kyc.savePersonal(userIdOf(request), request.body),
  );

  // multipart/form-data: documentType, documentNumber, expiryDate and the images front, back, selfie.
  app.post('/documents', { schema: { response: { 200: kycApplicationSchema } } }, async (request) => {
    const form = await readDocumentsForm(request);
    const fields = documentFieldsSchema.safeParse(form.fields);
    if (!fields.success) {
      const problems = Object.fromEntries(
        fields.error.issues.map((issue) => [issue.path.join('.') || '_', issue.message]),
      );
      throw invalidFields(problems);
    }
    const files: UploadedImage[] = Object.entries(form.files).map(([side, bytes]) => ({
      side: side as DocumentSide,
      bytes,
    }));
    return kyc.saveDocuments(userIdOf(request), fields.data, files);
  });

  app.post('/submit', { schema: { response: { 200: kycApplicationSchema } } }, async (request) =>
    kyc.submit(userIdOf(request)),
  );

  app.get('/documents/:id', { schema: { params } }, async (request, reply) => {
    const file = await kyc.documentFile(userIdOf(request), request.params.id);
    return reply
      .header('content-type', file.contentType)
      .header('content-disposition', 'inline')
      .header('x-content-type-options', 'nosniff')
      .send(file.bytes);
  });
};
