import type { Kysely } from 'kysely';
import type { Database } from '@compliance/db/schema';
import { SYSTEM_SCOPE, withScope } from '@compliance/db/scope';
import { materializeTenantRequirements, unsafeSyncCatalog } from '@compliance/domain/catalog/catalog-repo';
import { type OrgFixture, createOrganization } from './factories';

/** An organization whose tenants have the catalog loaded and the given frameworks assigned. */
export async function createComplianceOrg(db: Kysely<Database>, frameworks: string[][]): Promise<OrgFixture> {
  await unsafeSyncCatalog(db);
  const org = await createOrganization(db, frameworks.length);
  await withScope(db, SYSTEM_SCOPE, async (tx) => {
    for (const [i, tenant] of org.tenants.entries()) {
      await tx.updateTable('tenants').set({ assigned_frameworks: frameworks[i]! }).where('id', '=', tenant.id).execute();
      await materializeTenantRequirements(tx, tenant.id);
    }
  });
  return org;
}

/** Sets statuses directly (fixtures for arithmetic checks), by catalog key. */
export async function setStatuses(db: Kysely<Database>, tenantId: string, statuses: Record<string, string>) {
  await withScope(db, SYSTEM_SCOPE, async (tx) => {
    for (const [key, status] of Object.entries(statuses)) {
      await tx.updateTable('tenant_requirements').set({ status }).where('tenant_id', '=', tenantId).where('catalog_key', '=', key).execute();
    }
  });
}

/** A completed contract with one obligation that became a contract requirement of the given domain. */
export async function addContractObligation(
  db: Kysely<Database>,
  tenant: { id: string; organization_id: string },
  values: { contract: string; clause: string; text: string; domainNumber: number },
) {
  return withScope(db, SYSTEM_SCOPE, async (tx) => {
    const content = Buffer.from(values.text);
    const document = await tx
      .insertInto('documents')
      .values({ tenant_id: tenant.id, organization_id: tenant.organization_id, kind: 'contract', name: values.contract, filename: `${values.contract}.txt`, file_kind: 'txt', content_type: 'text/plain', size_bytes: content.length, sha256: 'x', description: null, document_type: null, uploaded_by: null, status: 'completed' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await tx.insertInto('document_files').values({ document_id: document.id, tenant_id: tenant.id, content }).execute();
    const requirement = await tx
      .insertInto('tenant_requirements')
      .values({ tenant_id: tenant.id, organization_id: tenant.organization_id, source_type: 'contract', text: values.text, domain_number: values.domainNumber, priority: 'Medium', document_id: document.id })
      .returning('id')
      .executeTakeFirstOrThrow();
    await tx
      .insertInto('contract_obligations')
      .values({ tenant_id: tenant.id, organization_id: tenant.organization_id, document_id: document.id, ordinal: 0, clause: values.clause, text: values.text, domain_number: values.domainNumber, confidence: 0.9, tenant_requirement_id: requirement.id })
      .execute();
    return { documentId: document.id, requirementId: requirement.id };
  });
}
