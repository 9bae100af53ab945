/** The evidence fields sent with every file of an upload. */
export interface EvidenceFields {
  documentType: string;
  description: string;
  /** YYYY-MM-DD, or empty: the evidence does not expire. */
  expiresOn?: string;
}

/** A file's name without its extension: the default display name. */
export function displayNameOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot > 0 ? fileName.slice(0, dot) : fileName;
}

/** The multipart body of one evidence upload. */
export function evidenceUploadBody(file: File, fields: EvidenceFields, name: string): FormData {
  const body = new FormData();
  body.append('file', file);
  body.append('document_type', fields.documentType);
  body.append('description', fields.description.trim());
  body.append('name', name.trim() || displayNameOf(file.name));
  if (fields.expiresOn) body.append('expires_on', fields.expiresOn);
  return body;
}
