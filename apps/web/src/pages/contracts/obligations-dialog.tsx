import type { Contract, ContractSide } from '@compliance/contracts/documents';
import { Alert } from '../../components/alert';
import { Badge } from '../../components/badge';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { EmptyState } from '../../components/empty-state';
import { trpc } from '../../lib/trpc';
import { formatConfidence } from '../../components/document-dates';
import { ContractSidePicker } from './contract-side-picker';

interface ObligationsDialogProps {
  tenantId: string;
  contract: Contract;
  canManage: boolean;
  onClose: () => void;
  onSideChanged: (message: string) => void;
  onSideFailed: (message: string) => void;
}

/**
 * What one contract imposes: the parties and the tenant's side, then each obligation's clause, text, domain
 * and the requirement it became; the other side's duties are marked and become no requirement.
 */
export function ObligationsDialog({ tenantId, contract, canManage, onClose, onSideChanged, onSideFailed }: ObligationsDialogProps) {
  const obligations = trpc.contracts.obligations.useQuery({ id: contract.id, tenant_id: tenantId });
  const setSide = trpc.contracts.setSide.useMutation();
  const count = obligations.data?.length;
  const theirs = obligations.data?.filter((o) => o.theirs).length ?? 0;
  const otherSide = contract.counterparty ?? 'the other party';

  async function changeSide(side: ContractSide) {
    try {
      const result = await setSide.mutateAsync({ id: contract.id, tenant_id: tenantId, side });
      onSideChanged(result.message);
    } catch (error) {
      onSideFailed(error instanceof Error ? error.message : 'Failed to change the side of this contract');
    }
  }

  return (
    <Dialog
      title={contract.name}
      subtitle={
        count === undefined
          ? contract.filename
          : `${contract.filename} · ${count} ${count === 1 ? 'obligation' : 'obligations'}${theirs > 0 ? `, ${theirs} of ${otherSide}` : ''}`
      }
      onClose={onClose}
      size="lg"
      footer={
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      }
    >
      <div className="mb-4 space-y-3">
        <ContractSidePicker contract={contract} canManage={canManage} busy={setSide.isPending} onChange={(side) => void changeSide(side)} />
        {contract.duplicate_of && (
          <Alert tone="warning">
            This contract has the same obligations as "{contract.duplicate_of.name}". They are linked to that contract's requirements and counted once.
          </Alert>
        )}
      </div>
      {obligations.isPending ? (
        <EmptyState>Loading obligations...</EmptyState>
      ) : obligations.isError ? (
        <Alert tone="error">Failed to load the obligations of this contract</Alert>
      ) : obligations.data.length === 0 ? (
        <EmptyState>No obligations were extracted from this contract.</EmptyState>
      ) : (
        <ol className="space-y-3" aria-label="Obligations">
          {obligations.data.map((o, index) => (
            <li
              key={`${o.clause ?? ''}-${index}`}
              data-testid="obligation"
              data-theirs={o.theirs}
              className={`rounded-lg border p-4 ${o.theirs ? 'border-dashed border-slate-300 bg-slate-50' : 'border-slate-200'}`}
            >
              <div className="flex flex-wrap items-center gap-2 text-xs">
                {o.clause && <span className="font-mono font-semibold text-slate-700">Clause {o.clause}</span>}
                {o.theirs && <Badge tone="amber">Duty of {otherSide}</Badge>}
                <Badge tone="grey">
                  {o.domain_number}. {o.domain_name}
                </Badge>
                <span className="ml-auto text-slate-500">Confidence {formatConfidence(o.confidence)}</span>
              </div>
              <blockquote className="mt-2 border-l-2 border-indigo-200 pl-3 text-sm leading-relaxed text-slate-800">{o.text}</blockquote>
              <p className="mt-2 text-xs text-slate-600">
                {o.theirs ? (
                  'Not one of your requirements: the other party carries this duty'
                ) : o.display_id ? (
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
