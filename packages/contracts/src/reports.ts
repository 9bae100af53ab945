import { z } from 'zod';
import { idSchema } from './common';
import { PRIORITIES, complianceStatus, domainsQuery, frameworksQuery, tenantIdQuery } from './requirements';

export const dashboardInput = z
  .object({ tenant_id: tenantIdQuery, frameworks: frameworksQuery })
  .optional()
  .default({ tenant_id: undefined, frameworks: undefined });
export type DashboardInput = z.infer<typeof dashboardInput>;

const counts = {
  total: z.number().int(),
  compliant: z.number().int(),
  in_progress: z.number().int(),
  not_started: z.number().int(),
  compliance_rate: z.number(),
};

export const dashboardOutput = z.object({
  tenant_id: idSchema,
  tenant_name: z.string(),
  frameworks: z.array(z.string()),
  metrics: z.object({
    compliance_rate: z.number(),
    total_requirements: z.number().int(),
    compliant: z.number().int(),
    in_progress: z.number().int(),
    not_started: z.number().int(),
    not_applicable: z.number().int(),
    total_evidence: z.number().int(),
    total_contracts: z.number().int(),
  }),
  framework_breakdown: z.array(z.object({ framework: z.string(), ...counts })),
  domain_breakdown: z.array(z.object({ domain_number: z.number().int(), domain_name: z.string(), ...counts })),
  top_gaps: z.array(
    z.object({
      requirement_id: idSchema,
      display_id: z.string(),
      priority: z.enum(PRIORITIES),
      status: complianceStatus,
      domain_name: z.string(),
      requirement_text: z.string(),
      frameworks: z.array(z.string()),
      evidence_count: z.number().int(),
    }),
  ),
});
export type Dashboard = z.infer<typeof dashboardOutput>;

export const rollupInput = z.object({ id: idSchema });

export const rollupOutput = z.object({
  organization_id: idSchema,
  metrics: z.object({
    organization_name: z.string(),
    total_tenants: z.number().int(),
    overall_compliance_rate: z.number(),
    total_requirements: z.number().int(),
    total_compliant: z.number().int(),
    total_not_started: z.number().int(),
  }),
  tenant_snapshots: z.array(
    z.object({
      tenant_id: idSchema,
      tenant_name: z.string(),
      compliance_rate: z.number(),
      total_requirements: z.number().int(),
      compliant: z.number().int(),
      assigned_frameworks: z.array(z.string()),
    }),
  ),
  top_gaps: z.array(
    z.object({
      requirement_id: z.string(),
      priority: z.enum(PRIORITIES),
      domain_name: z.string(),
      requirement_text: z.string(),
      frameworks: z.array(z.string()),
      tenant_statuses: z.record(z.string(), z.string()),
      affected_tenants: z.number().int(),
    }),
  ),
});
export type Rollup = z.infer<typeof rollupOutput>;

/** The query of every export download (CSV and PDF); without tenant_id the session's current tenant. */
export const exportQuery = z.object({ domains: domainsQuery, frameworks: frameworksQuery, tenant_id: tenantIdQuery });
