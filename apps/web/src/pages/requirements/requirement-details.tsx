import type { Requirement } from '@compliance/contracts/requirements';
import type { ReactNode } from 'react';

function Detail({ term, children, wide = false }: { term: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={`min-w-0 ${wide ? 'col-span-2 sm:col-span-1' : ''}`}>
      <dt className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{term}</dt>
      <dd className="mt-1 text-sm text-slate-800">{children}</dd>
    </div>
  );
}

/** What the requirement asks and what backs it: the top of the response editor. */
export function RequirementDetails({ requirement }: { requirement: Requirement }) {
  return (
    <div className="space-y-4">
      <p data-testid="requirement-text" className="rounded-lg border border-slate-200 bg-slate-50 p-4 text-sm leading-relaxed text-slate-900">
        {requirement.text}
      </p>
      <dl className="grid grid-cols-2 gap-4">
        <Detail term="Domain" wide>
          {requirement.domain_number}. {requirement.domain_name}
        </Detail>
        <Detail term="Source">{requirement.source_type === 'contract' ? 'Contract' : 'Framework'}</Detail>
        <Detail term="Frameworks" wide>
          {requirement.frameworks.length === 0 ? (
            <span className="text-slate-500">None</span>
          ) : (
            <ul className="space-y-1">
              {requirement.frameworks.map((name) => (
                <li key={name}>
                  <span className="font-medium">{name}</span>
                  {requirement.control_ids[name]?.length ? (
                    <span className="ml-1.5 font-mono text-xs text-slate-500">{requirement.control_ids[name]!.join(', ')}</span>
                  ) : null}
                </li>
              ))}
            </ul>
          )}
        </Detail>
        <Detail term="Contracts">
          {requirement.contract_names.length === 0 ? (
            <span className="text-slate-500">None</span>
          ) : (
            <ul className="list-inside list-disc space-y-0.5">
              {requirement.contract_names.map((name) => (
                <li key={name}>{name}</li>
              ))}
            </ul>
          )}
        </Detail>
        <Detail term="Evidence">
          {requirement.evidence_count === 1 ? '1 document' : `${requirement.evidence_count} documents`}
        </Detail>
      </dl>
    </div>
  );
}
