import type { Kysely } from 'kysely';
import { detectFileType, EVIDENCE_FILE_KINDS } from '@compliance/documents/file-type';
import { sha256Hex } from '@compliance/documents/hash';
import type { SavePolicyInput } from '@compliance/contracts/policies';
import type { Database } from '@compliance/db/schema';
import { withScope } from '@compliance/db/scope';
import { auditBy } from '../access/actor';
import { tenantScope } from '../access/caller';
import type { EditorScope } from '../access/scopes';
import { createAuditEntry } from '../audit/audit-repo';
import { deleteDocumentRow, insertDocument } from '../documents/document-repo';
import { toAppError } from '../documents/upload-service';
import { coveredRequirements } from './policy-coverage';
import { loadPolicyRequirements, requirePolicyTemplate } from './policy-inputs';
import { findRequirementReferences } from './policy-references';

/** Marks evidence written by the generator, so saving the same policy again replaces it. */
export const GENERATED_POLICY_DESCRIPTION = 'Generated with the AI Policy Generator';

/** 'Access Control Policy' → 'Access_Control_Policy.md', as the downloads name it. */
export function policyFileName(policyType: string, extension: string): string {
  return `${policyType.trim().replace(/\s+/g, '_').replace(/[\\/:*?"<>|\u0000-\u001f]/g, '')}.${extension}`;
}

/**
 * Stores the (possibly edited) policy as a Policy evidence document (a .md file) and links it to the
 * requirements of the template that the text still refers to. An earlier save of the same policy is
 * replaced with its links, all in one transaction. The saved policy is a draft: its links count as support
 * once an Admin approves it.
 */
export async function savePolicyToEvidence(db: Kysely<Database>, editor: EditorScope, input: SavePolicyInput) {
  const { actor, tenantId } = editor;
  const template = requirePolicyTemplate(input.policy_type);
  const filename = policyFileName(template.name, 'md');
  const content = Buffer.from(input.content, 'utf8');
  try {
    detectFileType(content, filename, EVIDENCE_FILE_KINDS);
  } catch (error) {
    throw toAppError(error);
  }
  const references = findRequirementReferences(input.content);
  return withScope(db, tenantScope(actor.caller, tenantId), async (tx) => {
    const { tenant, requirements } = await loadPolicyRequirements(tx, tenantId, undefined);
    const linked = coveredRequirements(template, requirements, true).filter((r) => references.has(r.display_id));
    const earlier = await tx
      .selectFrom('documents')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('kind', '=', 'evidence')
      .where('filename', '=', filename)
      .where('description', '=', GENERATED_POLICY_DESCRIPTION)
      .execute();
    for (const row of earlier) await deleteDocumentRow(tx, tenantId, row.id);
    const documentId = await insertDocument(tx, {
      tenantId,
      organizationId: tenant.organization_id,
      kind: 'evidence',
      name: template.name,
      filename,
      fileKind: 'md',
      contentType: 'text/markdown; charset=utf-8',
      content,
      sha256: sha256Hex(content),
      description: GENERATED_POLICY_DESCRIPTION,
      documentType: 'Policy',
      uploadedBy: actor.caller.user.id,
    });
    await tx
      .updateTable('documents')
      .set({ status: 'completed', suggested_document_type: 'Policy', analysis_provider: 'policy-generator', analysis_model: template.name, analyzed_at: new Date(), approval: 'draft' })
      .where('id', '=', documentId)
      .execute();
    if (linked.length) {
      await tx
        .insertInto('evidence_links')
        .values(
          linked.map((r) => ({
            tenant_id: tenantId,
            organization_id: tenant.organization_id,
            document_id: documentId,
            tenant_requirement_id: r.id,
            confidence: 1,
            excerpt: references.get(r.display_id)!,
          })),
        )
        .execute();
    }
    await createAuditEntry(tx, {
      ...auditBy(actor),
      action: 'save_policy_to_evidence',
      details: {
        message: `Policy "${template.name}" saved to the evidence library as a draft awaiting approval, with ${linked.length} linked requirements${earlier.length ? ' (replacing the earlier version)' : ''}`,
        document_id: documentId,
        requirement_count: linked.length,
      },
      organizationId: tenant.organization_id,
      tenantId,
    });
    return { requirement_count: linked.length, evidence_id: documentId, name: template.name, filename };
  });
}
