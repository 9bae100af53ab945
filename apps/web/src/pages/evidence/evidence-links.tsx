import { Alert } from '../../components/alert';
import { trpc } from '../../lib/trpc';
import { formatConfidence } from '../../components/document-dates';

/** The requirements one evidence document supports, each with its confidence and supporting excerpt. */
export function EvidenceLinks({ tenantId, evidenceId }: { tenantId: string; evidenceId: string }) {
  const links = trpc.evidence.links.useQuery({ id: evidenceId, tenant_id: tenantId });
  if (links.isPending) return <p className="text-sm text-slate-500">Loading linked requirements...</p>;
  if (links.isError) return <Alert tone="error">Failed to load the linked requirements</Alert>;
  if (links.data.links.length === 0) return <p className="text-sm text-slate-500">This document is not linked to any requirement yet.</p>;
  return (
    <ul className="space-y-2" aria-label="Linked requirements">
      {links.data.links.map((link) => (
        <li key={link.requirement_id} data-testid="evidence-link" className="rounded-lg border border-slate-200 bg-white p-3">
          <div className="flex flex-wrap items-baseline gap-2 text-sm">
            <span className="font-mono text-xs font-semibold whitespace-nowrap text-indigo-700">{link.display_id}</span>
            <span className="min-w-0 flex-1 text-slate-800">{link.requirement_text}</span>
            <span className="text-xs whitespace-nowrap text-slate-500">Confidence {formatConfidence(link.confidence)}</span>
          </div>
          <blockquote data-testid="evidence-excerpt" className="mt-2 border-l-2 border-green-300 pl-3 text-xs leading-relaxed text-slate-600 italic">
            {link.excerpt}
          </blockquote>
        </li>
      ))}
    </ul>
  );
}
