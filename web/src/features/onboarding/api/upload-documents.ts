import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DocumentFields, DocumentSide, KycApplication } from '@contract/kyc';
import { api } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

export interface DocumentsUpload {
  fields: DocumentFields;
  /** Newly picked images only; sides already uploaded stay as they are. */
  files: Partial<Record<DocumentSide, File>>;
}

/** POST /api/kyc/documents as multipart/form-data. */
export function uploadDocuments({ fields, files }: DocumentsUpload) {
  const form = new FormData();
  form.append('documentType', fields.documentType);
  form.append('documentNumber', fields.documentNumber);
  form.append('expiryDate', fields.expiryDate);
  for (const [side, file] of Object.entries(files)) if (file) form.append(side, file);
  return api.post<KycApplication>('/api/kyc/documents', form);
}

export function useUploadDocuments() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadDocuments,
    onSuccess: (application) => queryClient.setQueryData(queryKeys.kyc, application),
  });
}
