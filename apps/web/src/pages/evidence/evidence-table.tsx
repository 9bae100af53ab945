import type { Evidence } from '@compliance/contracts/documents';
import { Fragment, useState } from 'react';
import { Badge } from '../../components/badge';
import { Button } from '../../components/button';
import { formatUploadDate } from '../../components/document-dates';
import { EvidenceLinks } from './evidence-links';
import { ProgressBar } from '../../components/progress-bar';
import type { UploadProgress } from '../../components/tracked-upload';

interface EvidenceTableProps {
  tenantId: string;
  evidence: Evidence[];
  canManage: boolean;
  busyId: string | null;
  reanalysis: { id: string; progress: UploadProgress } | null;
  onReanalyze: (item: Evidence) => void;
  onDelete: (item: Evidence) => void;
}

function TypeCell({ item }: { item: Evidence }) {
  const suggested = item.suggested_document_type;
  return (
    <div className="space-y-1">
      <span>{item.document_type ?? 'Other'}</span>
      {suggested && suggested !== item.document_type && <p className="text-xs text-amber-700">Suggested: {suggested}</p>}
    </div>
  );
}

/** The tenant's evidence with its linked requirements (expand a row) and the download, re-analyze and delete actions. */
export function EvidenceTable({ tenantId, evidence, canManage, busyId, reanalysis, onReanalyze, onDelete }: EvidenceTableProps) {
  const [expanded, setExpanded] = useState<string | null>(null);
  return (
    <div className="overflow-x-auto">
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
                    </div>
                    {item.status === 'failed' && item.error && <p className="mt-1 pl-4 text-xs text-red-700">{item.error}</p>}
                    {reanalyzing && (
                      <div className="mt-2 max-w-sm pl-4">
                        <ProgressBar progress={reanalyzing} label={`Re-analysis of ${item.name}`} />
                      </div>
                    )}
                  </td>
                  <td className="px-4 py-3 text-slate-700">
                    <TypeCell item={item} />
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
                      {canManage && (
                        <>
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
                    <td colSpan={5} className="px-4 py-4">
                      <EvidenceLinks tenantId={tenantId} evidenceId={item.id} />
                    </td>
                  </tr>
                )}
              </Fragment>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
