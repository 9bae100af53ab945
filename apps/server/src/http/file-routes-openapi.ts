/**
 * The plain routes (uploads, downloads, exports) described for the OpenAPI document, which is otherwise
 * generated from the procedures.
 */
const id = { name: 'id', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } };
const tenant = { name: 'tenant_id', in: 'query', required: false, schema: { type: 'string', format: 'uuid' }, description: "Defaults to the session's current tenant" };
const wait = { name: 'wait', in: 'query', required: false, schema: { type: 'string', enum: ['true', 'false'] }, description: 'false: answer 202 at once and follow GET /jobs/{id}; default waits up to 90 s' };
const frameworks = { name: 'frameworks', in: 'query', required: false, schema: { type: 'string' }, description: 'Comma-joined framework names' };
const domains = { name: 'domains', in: 'query', required: false, schema: { type: 'string' }, description: 'Comma-joined domain numbers' };
const errors = {
  '400': { description: 'Bad input ({detail})' },
  '401': { description: 'Not signed in' },
  '403': { description: 'Not allowed, or no CSRF token' },
  '409': { description: 'The same file is already stored in this tenant ({detail} names the document)' },
  '413': { description: 'File too large' },
  '415': { description: 'Not an accepted file type (checked by content)' },
  '422': { description: 'The file cannot be read (encrypted, image-only, corrupt, zip bomb)' },
  '504': { description: 'The analysis ran past 90 seconds' },
};
const expiresOn = { type: 'string', format: 'date', description: 'The day the evidence stops counting as support (YYYY-MM-DD); empty for none' };
const formTenant = { tenant_id: { type: 'string', format: 'uuid', description: 'The tenant to upload into, as an alternative to the query parameter (the two must agree)' } };
const upload = (tag: string, extra: Record<string, unknown>) => ({
  post: {
    tags: [tag],
    summary: `Upload and analyse a ${tag === 'contracts' ? 'contract' : 'evidence document'}`,
    parameters: [tenant, wait],
    requestBody: { required: true, content: { 'multipart/form-data': { schema: { type: 'object', required: ['file'], properties: { file: { type: 'string', format: 'binary' }, ...formTenant, ...extra } } } } },
    responses: { '200': { description: 'Analysed: {document_id, job_id, status, requirement_count, message}' }, '202': { description: 'Queued (wait=false)' }, ...errors },
  },
});
const download = (tag: string) => ({ get: { tags: [tag], summary: 'Download the original file', parameters: [id, tenant], responses: { '200': { description: 'The identical bytes' }, '404': { description: 'Not found' } } } });
const file = (summary: string, type: string, params: unknown[]) => ({ get: { tags: ['reports'], summary, parameters: params, responses: { '200': { description: type } } } });

export const FILE_ROUTE_PATHS = {
  '/contracts/upload': upload('contracts', {}),
  '/evidence/upload': upload('evidence', { document_type: { type: 'string' }, name: { type: 'string' }, description: { type: 'string' }, expires_on: expiresOn }),
  '/evidence/{id}/versions': {
    post: {
      ...upload('evidence', { expires_on: expiresOn, document_type: { type: 'string' }, name: { type: 'string' }, description: { type: 'string' } }).post,
      summary: 'Upload a new version of an evidence document: the old one stays in its history and its links move to the new one',
      parameters: [id, tenant, wait],
    },
  },
  '/evidence/{id}/reanalyze': { post: { tags: ['evidence'], summary: 'Analyse an evidence document again', parameters: [id, tenant, wait], responses: { '200': { description: 'Analysed' }, ...errors } } },
  '/contracts/{id}/download': download('contracts'),
  '/evidence/{id}/download': download('evidence'),
  '/requirements/export/csv': file('Requirements as CSV', 'text/csv', [tenant, domains, frameworks]),
  '/reports/export/executive-summary': file('Executive Summary PDF', 'application/pdf', [tenant, frameworks]),
  '/reports/export/gap-analysis': file('Gap Analysis PDF', 'application/pdf', [tenant, frameworks]),
};
