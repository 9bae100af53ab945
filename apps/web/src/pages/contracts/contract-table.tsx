import type { Contract } from '@compliance/contracts/documents';
import { Badge } from '../../components/badge';
import { Button } from '../../components/button';
import { formatUploadDate } from '../../components/document-dates';

interface ContractTableProps {
  contracts: Contract[];
  canManage: boolean;
  deletingId: string | null;
  onView: (contract: Contract) => void;
  onDelete: (contract: Contract) => void;
}

/** Who the contract is with, which side the tenant is on, and whether it repeats an earlier contract. */
function PartiesNote({ contract }: { contract: Contract }) {
  return (
    <div className="mt-1 flex flex-wrap items-center gap-2 text-xs text-slate-600" data-testid="contract-parties">
      {contract.counterparty && (
        <span>
          With <span className="font-medium text-slate-800">{contract.counterparty}</span>
        </span>
      )}
      <Badge tone="indigo">{contract.side === 'provider' ? 'We provide the service' : 'We are the customer'}</Badge>
      {contract.duplicate_of && (
        <Badge tone="amber" title="Its obligations are the same as that contract's: they are linked to the same requirements and counted once.">
          Same agreement as "{contract.duplicate_of.name}"
        </Badge>
      )}
    </div>
  );
}

function StatusNote({ contract }: { contract: Contract }) {
  if (contract.status === 'failed') return <Badge tone="red" title={contract.error ?? undefined}>Failed</Badge>;
  if (contract.status !== 'completed') return <Badge tone="amber">Analyzing</Badge>;
  return null;
}

/** The tenant's contracts: name, counterparty and side, upload date, requirements extracted, and the actions. */
export function ContractTable({ contracts, canManage, deletingId, onView, onDelete }: ContractTableProps) {
  return (
    <div className="overflow-x-auto">
      <table className="min-w-full divide-y divide-slate-200 text-sm">
        <thead className="bg-slate-50 text-left text-xs font-semibold tracking-wide text-slate-500 uppercase">
          <tr>
            <th scope="col" className="px-4 py-3">Name</th>
            <th scope="col" className="px-4 py-3">Upload Date</th>
            <th scope="col" className="px-4 py-3">Requirements Extracted</th>
            <th scope="col" className="px-4 py-3 text-right">Actions</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {contracts.map((contract) => (
            <tr key={contract.id} data-testid="contract-row" className="hover:bg-slate-50">
              <td className="px-4 py-3">
                <button type="button" onClick={() => onView(contract)} className="text-left font-medium text-indigo-700 hover:underline">
                  {contract.name}
                </button>
                <div className="mt-0.5 flex flex-wrap items-center gap-2 text-xs text-slate-500">
                  <span>{contract.filename}</span>
                  <StatusNote contract={contract} />
                </div>
                {contract.status === 'completed' && <PartiesNote contract={contract} />}
              </td>
              <td className="px-4 py-3 whitespace-nowrap text-slate-600">{formatUploadDate(contract.upload_date)}</td>
              <td className="px-4 py-3 tabular-nums" data-testid="requirement-count">
                {contract.requirement_count}
              </td>
              <td className="px-4 py-3">
                <div className="flex justify-end gap-2">
                  <Button variant="secondary" size="sm" onClick={() => onView(contract)} aria-label={`View ${contract.name}`}>
                    View
                  </Button>
                  <Button
                    variant="secondary"
                    size="sm"
                    aria-label={`Download ${contract.name}`}
                    onClick={() => window.open(`/api/contracts/${contract.id}/download`, '_blank', 'noopener')}
                  >
                    Download
                  </Button>
                  {canManage && (
                    <Button
                      variant="danger"
                      size="sm"
                      aria-label={`Delete ${contract.name}`}
                      disabled={deletingId === contract.id}
                      onClick={() => onDelete(contract)}
                    >
                      {deletingId === contract.id ? 'Deleting...' : 'Delete'}
                    </Button>
                  )}
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
