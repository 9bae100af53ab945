import type { Contract } from '@compliance/contracts/documents';
import { Alert } from '../../components/alert';
import { Badge } from '../../components/badge';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { EmptyState } from '../../components/empty-state';
import { trpc } from '../../lib/trpc';
import { formatConfidence } from '../evidence/document-dates';

/** What one contract imposes: each obligation's clause, exact text, domain and the requirement it became. */
export function ObligationsDialog({ tenantId, contract, onClose }: { tenantId: string; contract: Contract; onClose: () => void }) {
  const obligations = trpc.contracts.obligations.useQuery({ id: contract.id, tenant_id: tenantId });
  const count = obligations.data?.length;

  return (
    <Dialog
      title={contract.name}
      subtitle={count === undefined ? contract.filename : `${contract.filename} · ${count} ${count === 1 ? 'obligation' : 'obligations'}`}
      onClose={onClose}
      size="lg"
      footer={
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      }
    >
      {obligations.isPending ? (
        <EmptyState>Loading obligations...</EmptyState>
      ) : obligations.isError ? (
        <Alert tone="error">Failed to load the obligations of this contract</Alert>
      ) : obligations.data.length === 0 ? (
        <EmptyState>No obligations were extracted from this contract.</EmptyState>
      ) : (
        <ol className="space-y-3" aria-label="Obligations">
          {obligations.data.map((o, index) => (
            <li key={`${o.clause ?? ''}-${index}`} data-testid="obligation" className="rounded-lg border border-slate-200 p-4">
              <div className="flex flex-wrap items-center gap-2 text-xs">
                {o.clause && <span className="font-mono font-semibold text-slate-700">Clause {o.clause}</span>}
                <Badge tone="grey">
                  {o.domain_number}. {o.domain_name}
                </Badge>
                <span className="ml-auto text-slate-500">Confidence {formatConfidence(o.confidence)}</span>
              </div>
              <blockquote className="mt-2 border-l-2 border-indigo-200 pl-3 text-sm leading-relaxed text-slate-800">{o.text}</blockquote>
              <p className="mt-2 text-xs text-slate-600">
                {o.display_id ? (
                  <>
                    Became requirement <span className="font-mono font-semibold text-slate-800">{o.display_id}</span>
                  </>
                ) : o.requirement_id ? (
                  'Became a new requirement'
                ) : (
                  'Not linked to a requirement'
                )}
                {o.requirement_id && o.source_type && (
                  <span className="ml-1.5">
                    <Badge tone={o.source_type === 'contract' ? 'purple' : 'indigo'}>{o.source_type === 'contract' ? 'Contract' : 'Framework'}</Badge>
                  </span>
                )}
              </p>
            </li>
          ))}
        </ol>
      )}
    </Dialog>
  );
}
