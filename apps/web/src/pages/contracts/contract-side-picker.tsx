import type { Contract, ContractSide } from '@compliance/contracts/documents';

const LABELS: Record<ContractSide, string> = {
  provider: 'We provide the service',
  customer: 'We are the customer',
};

/** Which side of the contract the tenant is on; changing it re-analyses the contract. Read-only for viewers. */
export function ContractSidePicker({ contract, canManage, busy, onChange }: { contract: Contract; canManage: boolean; busy: boolean; onChange: (side: ContractSide) => void }) {
  const provider = contract.provider_name ?? 'the provider';
  const customer = contract.customer_name ?? 'the customer';
  return (
    <div className="flex flex-col gap-2 rounded-lg bg-slate-50 p-3 text-sm sm:flex-row sm:items-center sm:justify-between" data-testid="contract-side">
      <p className="text-slate-700">
        Between <span className="font-medium text-slate-900">{provider}</span> (provider) and <span className="font-medium text-slate-900">{customer}</span> (customer)
      </p>
      <label className="flex items-center gap-2 text-slate-700">
        <span className="whitespace-nowrap">Our side</span>
        <select
          className="rounded-md border border-slate-300 bg-white px-2 py-1 text-sm disabled:opacity-60"
          value={contract.side}
          disabled={!canManage || busy}
          onChange={(event) => onChange(event.target.value as ContractSide)}
          aria-label="Our side of this contract"
        >
          {(Object.keys(LABELS) as ContractSide[]).map((side) => (
            <option key={side} value={side}>
              {LABELS[side]}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}
