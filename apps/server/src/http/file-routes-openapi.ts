import { z } from 'zod';
import type { ZodOpenApiOperationObject, ZodOpenApiPathsObject } from 'zod-openapi';
import { idParam } from '@compliance/contracts/common';
import { contractUploadFields, documentFileQuery, uploadOutput, uploadQuery } from '@compliance/contracts/documents';
import { evidenceUploadFields } from '@compliance/contracts/evidence';
import { exportQuery } from '@compliance/contracts/reports';

/**
 * The plain routes (uploads, downloads, exports) in the OpenAPI document, generated from the same
 * contract schemas the routes parse their input with (upload-routes.ts, export-routes.ts); the
 * procedures' paths come from their own meta. Errors are the {detail, code} of error-map.ts.
 */
const errorBody = z.object({ detail: z.string(), code: z.string() });
const error = (description: string) => ({ description, content: { 'application/json': { schema: errorBody } } });
const refusals = {
  '400': error('Bad input ({detail} says what)'),
  '401': error('Not signed in'),
  '403': error('Not allowed, or no CSRF token'),
  '404': error('Not found'),
};
const analysis = {
  '200': { description: 'Analysed', content: { 'application/json': { schema: uploadOutput } } },
  '202': { description: 'Queued (wait=false)', content: { 'application/json': { schema: uploadOutput } } },
  ...refusals,
  '409': error('The same file is already stored in this tenant ({detail} names the document)'),
  '413': error('File too large'),
  '415': error('Not an accepted file type (checked by content)'),
  '422': error('The file cannot be read (encrypted, image-only, corrupt, zip bomb)'),
  '504': error('The analysis ran past 90 seconds'),
};
const file = z.file().meta({ description: 'The document; its type is checked by content' });

function upload(tags: string[], summary: string, fields: z.ZodObject, path?: typeof idParam): ZodOpenApiOperationObject {
  return {
    tags,
    summary,
    requestParams: path ? { path, query: uploadQuery } : { query: uploadQuery },
    requestBody: { required: true, content: { 'multipart/form-data': { schema: fields.extend({ file }) } } },
    responses: analysis,
  };
}

const download = (tags: string[]): ZodOpenApiOperationObject => ({
  tags,
  summary: 'Download the original file',
  requestParams: { path: idParam, query: documentFileQuery },
  responses: { '200': { description: 'The identical bytes' }, ...refusals },
});

const exportFile = (summary: string, type: string): ZodOpenApiOperationObject => ({
  tags: ['reports'],
  summary,
  requestParams: { query: exportQuery },
  responses: { '200': { description: type, content: { [type]: { schema: { type: 'string', format: 'binary' } } } }, ...refusals },
});

export const FILE_ROUTE_PATHS: ZodOpenApiPathsObject = {
  '/contracts/upload': { post: upload(['contracts'], 'Upload and analyse a contract', contractUploadFields) },
  '/evidence/upload': { post: upload(['evidence'], 'Upload and analyse an evidence document', evidenceUploadFields) },
  '/evidence/{id}/versions': {
    post: upload(
      ['evidence'],
      'Upload a new version of an evidence document: the old one stays in its history and its links move to the new one',
      evidenceUploadFields,
      idParam,
    ),
  },
  '/evidence/{id}/reanalyze': {
    post: { tags: ['evidence'], summary: 'Analyse an evidence document again', requestParams: { path: idParam, query: uploadQuery }, responses: analysis },
  },
  '/contracts/{id}/download': { get: download(['contracts']) },
  '/evidence/{id}/download': { get: download(['evidence']) },
  '/requirements/export/csv': { get: exportFile('Requirements as CSV', 'text/csv') },
  '/reports/export/executive-summary': { get: exportFile('Executive Summary PDF', 'application/pdf') },
  '/reports/export/gap-analysis': { get: exportFile('Gap Analysis PDF', 'application/pdf') },
};
