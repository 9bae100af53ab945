import { trpc } from '../../lib/trpc';

const percent = (value: number) => `${Math.round(value <= 1 ? value * 100 : value)}%`;

/** The evidence documents that support a requirement, each with its type, confidence and excerpt. */
export function SupportingEvidence({ tenantId, requirementId }: { tenantId: string; requirementId: string }) {
  const evidence = trpc.requirements.evidence.useQuery({ id: requirementId, tenant_id: tenantId });
  if (evidence.isPending || evidence.isError || evidence.data.length === 0) return null;
  return (
    <section aria-labelledby="supporting-evidence-title" className="space-y-2">
      <h3 id="supporting-evidence-title" className="text-xs font-semibold tracking-wide text-slate-500 uppercase">
        Supporting evidence
      </h3>
      <ul className="space-y-2">
        {evidence.data.map((item) => (
          <li key={item.evidence_id} data-testid="supporting-evidence" className="rounded-lg border border-slate-200 p-3">
            <div className="flex flex-wrap items-baseline gap-x-2 gap-y-1 text-sm">
              <span className="font-medium text-slate-800">{item.name}</span>
              {item.document_type && <span className="text-xs text-slate-500">{item.document_type}</span>}
              <span className="ml-auto text-xs text-slate-500">Confidence {percent(item.confidence)}</span>
            </div>
            <blockquote className="mt-1.5 border-l-2 border-green-300 pl-3 text-xs leading-relaxed text-slate-600 italic">{item.excerpt}</blockquote>
          </li>
        ))}
      </ul>
    </section>
  );
}
