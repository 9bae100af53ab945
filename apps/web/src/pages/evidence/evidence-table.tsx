import { EVIDENCE_TYPES, type Evidence } from '@compliance/contracts/documents';
import { Fragment, useState } from 'react';
import { Badge } from '../../components/badge';
import { Button } from '../../components/button';
import { formatUploadDate } from '../../components/document-dates';
import { trpc } from '../../lib/trpc';
import { ExpiryBadge } from '../../components/evidence-expiry';
import { EvidenceHistory } from './evidence-history';
import { EvidenceLinks } from './evidence-links';
import { ProgressBar } from '../../components/progress-bar';
import type { UploadProgress } from '../../components/tracked-upload';
import { ScrollRegion } from '../../components/scroll-region';

interface EvidenceTableProps {
  tenantId: string;
  evidence: Evidence[];
  canManage: boolean;
  busyId: string | null;
  reanalysis: { id: string; progress: UploadProgress } | null;
  onReanalyze: (item: Evidence) => void;
  onDelete: (item: Evidence) => void;
  onEdit: (item: Evidence) => void;
  onChanged: () => void;
  /** Admins approve drafts (policies saved from the generator); others see that they await approval. */
  canApprove: boolean;
  onApprove: (item: Evidence) => void;
}

function TypeCell({ tenantId, item, canManage, onChanged }: { tenantId: string; item: Evidence; canManage: boolean; onChanged: () => void }) {
  const suggested = item.suggested_document_type;
  const apply = trpc.evidence.update.useMutation({ onSettled: onChanged });
  const applicable = suggested && suggested !== item.document_type && (EVIDENCE_TYPES as readonly string[]).includes(suggested);
  return (
    <div className="space-y-1">
      <span data-testid="evidence-type">{item.document_type ?? 'Other'}</span>
      {suggested && suggested !== item.document_type && (
        <p className="flex flex-wrap items-center gap-1 text-xs text-amber-700">
          Suggested: {suggested}
          {canManage && applicable && (
            <button
              type="button"
              className="rounded px-1 font-medium text-indigo-700 underline hover:bg-indigo-50 disabled:opacity-50"
              aria-label={`Use suggested type ${suggested} for ${item.name}`}
              disabled={apply.isPending}
              onClick={() => apply.mutate({ id: item.id, tenant_id: tenantId, document_type: suggested as (typeof EVIDENCE_TYPES)[number] })}
            >
              {apply.isPending ? 'Applying...' : 'Use'}
            </button>
          )}
        </p>
      )}
      {apply.isError && <p className="text-xs text-red-700">Failed to change the document type</p>}
    </div>
  );
}

/** The tenant's evidence with its linked requirements (expand a row) and the download, re-analyze and delete actions. */
export function EvidenceTable({ tenantId, evidence, canManage, busyId, reanalysis, onReanalyze, onDelete, onEdit, onChanged, canApprove, onApprove }: EvidenceTableProps) {
  const [expanded, setExpanded] = useState<string | null>(null);
  return (
    <ScrollRegion label="Evidence table" className="overflow-x-auto">
      <table className="min-w-full divide-y divide-slate-200 text-sm">
        <thead className="bg-slate-50 text-left text-xs font-semibold tracking-wide text-slate-500 uppercase">
          <tr>
            <th scope="col" className="px-4 py-3">Name</th>
            <th scope="col" className="px-4 py-3">Type</th>
            <th scope="col" className="px-4 py-3">Upload Date</th>
            <th scope="col" className="px-4 py-3">Linked Requirements</th>
            <th scope="col" className="px-4 py-3 text-right">Actions</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {evidence.map((item) => {
            const open = expanded === item.id;
            const reanalyzing = reanalysis?.id === item.id ? reanalysis.progress : null;
            return (
              <Fragment key={item.id}>
                <tr data-testid="evidence-row" className="align-top hover:bg-slate-50">
                  <td className="px-4 py-3">
                    <button
                      type="button"
                      aria-expanded={open}
                      onClick={() => setExpanded(open ? null : item.id)}
                      className="text-left font-medium text-indigo-700 hover:underline"
                    >
                      <span aria-hidden="true" className="mr-1 inline-block w-3 text-slate-400">{open ? '▾' : '▸'}</span>
                      {item.name}
                    </button>
                    <div className="mt-0.5 flex flex-wrap items-center gap-2 pl-4 text-xs text-slate-500">
                      <span>{item.filename}</span>
                      {item.status === 'failed' && <Badge tone="red" title={item.error ?? undefined}>Failed</Badge>}
                      {(item.status === 'queued' || item.status === 'processing') && <Badge tone="amber">Analyzing</Badge>}
                      <ExpiryBadge expiresOn={item.expires_on} expired={item.expired} />
                      {item.version_count > 0 && <span>{item.version_count + 1} versions</span>}
                      {item.approval === 'draft' && <Badge tone="amber" title="Its links count as support once an Admin approves it">Draft — awaiting approval</Badge>}
                    </div>
                    {item.status === 'failed' && item.error && <p className="mt-1 pl-4 text-xs text-red-700">{item.error}</p>}
                    {reanalyzing && (
                      <div className="mt-2 max-w-sm pl-4">
                        <ProgressBar progress={reanalyzing} label={`Re-analysis of ${item.name}`} />
                      </div>
                    )}
                  </td>
                  <td className="px-4 py-3 text-slate-700">
                    <TypeCell tenantId={tenantId} item={item} canManage={canManage} onChanged={onChanged} />
                  </td>
                  <td className="px-4 py-3 whitespace-nowrap text-slate-600">{formatUploadDate(item.upload_date)}</td>
                  <td className="px-4 py-3 tabular-nums" data-testid="linked-count">
                    {item.requirement_count}
                  </td>
                  <td className="px-4 py-3">
                    <div className="flex flex-wrap justify-end gap-2">
                      <Button
                        variant="secondary"
                        size="sm"
                        aria-label={`Download ${item.name}`}
                        onClick={() => window.open(`/api/evidence/${item.id}/download`, '_blank', 'noopener')}
                      >
                        Download
                      </Button>
                      {canApprove && item.approval === 'draft' && (
                        <Button size="sm" aria-label={`Approve ${item.name}`} disabled={!!busyId} onClick={() => onApprove(item)}>
                          Approve
                        </Button>
                      )}
                      {canManage && (
                        <>
                          <Button variant="secondary" size="sm" aria-label={`Edit ${item.name}`} disabled={!!busyId} onClick={() => onEdit(item)}>
                            Edit
                          </Button>
                          <Button variant="secondary" size="sm" aria-label={`Re-analyze ${item.name}`} disabled={!!busyId} onClick={() => onReanalyze(item)}>
                            {reanalyzing ? 'Re-analyzing...' : 'Re-analyze'}
                          </Button>
                          <Button variant="danger" size="sm" aria-label={`Delete ${item.name}`} disabled={!!busyId} onClick={() => onDelete(item)}>
                            Delete
                          </Button>
                        </>
                      )}
                    </div>
                  </td>
                </tr>
                {open && (
                  <tr className="bg-slate-50/70">
                    <td colSpan={5} className="space-y-4 px-4 py-4">
                      {item.expired && (
                        <p className="text-sm text-red-700">This document expired on {item.expires_on}: it no longer counts as support for the requirements below.</p>
                      )}
                      <EvidenceLinks tenantId={tenantId} evidenceId={item.id} canReview={canManage} />
                      <EvidenceHistory tenantId={tenantId} item={item} canManage={canManage} onChanged={onChanged} />
                    </td>
                  </tr>
                )}
              </Fragment>
            );
          })}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
