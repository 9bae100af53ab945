import type { PolicyTemplate } from '@compliance/contracts/policies';
import { Alert } from '../../components/alert';
import { Badge } from '../../components/badge';
import { Card } from '../../components/card';
import { EmptyState } from '../../components/empty-state';
import { Icon } from '../../layout/nav-icons';

interface PolicyTemplateListProps {
  /** How many frameworks are ticked: 0 means all of the tenant's. */
  frameworkCount: number;
  templates: PolicyTemplate[] | undefined;
  isPending: boolean;
  isError: boolean;
  selected: string | null;
  /** The selected policy has content (it gets a green check). */
  hasContent: boolean;
  generating: boolean;
  canGenerate: boolean;
  onChoose: (name: string) => void;
}

function TemplateItem({ template, active, done, blocked, canGenerate, onChoose }: {
  template: PolicyTemplate;
  active: boolean;
  done: boolean;
  blocked: boolean;
  canGenerate: boolean;
  onChoose: (name: string) => void;
}) {
  const frameworks = template.frameworks_covered.length;
  return (
    <li>
      <button
        type="button"
        data-testid="policy-template"
        aria-pressed={active}
        aria-disabled={blocked || undefined}
        disabled={!canGenerate}
        onClick={() => {
          if (!blocked) onChoose(template.name);
        }}
        className={`w-full rounded-lg border p-3 text-left transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 disabled:cursor-default ${
          active ? 'border-indigo-400 bg-indigo-50 ring-1 ring-indigo-400' : 'border-slate-200 bg-white enabled:hover:border-indigo-300 enabled:hover:bg-slate-50'
        } ${blocked && !active ? 'cursor-not-allowed opacity-60' : ''}`}
      >
        <div className="flex items-start justify-between gap-2">
          <span data-testid="policy-template-name" className="text-sm font-medium text-slate-900">
            {template.name}
          </span>
          {done && (
            <span className="shrink-0 text-green-600" aria-label="Generated" data-testid="policy-generated-check">
              <Icon name="check" className="h-5 w-5" />
            </span>
          )}
        </div>
        <p className="mt-1 text-xs leading-relaxed text-slate-500">{template.description}</p>
        <div className="mt-2 flex flex-wrap items-center gap-2 text-xs text-slate-500">
          <Badge tone="indigo">{template.requirement_count} requirements</Badge>
          {frameworks > 0 && <span title={template.frameworks_covered.join(', ')}>{frameworks} framework(s)</span>}
        </div>
      </button>
    </li>
  );
}

/** 'Recommended Policies': the templates for the chosen frameworks, most requirements first. */
export function PolicyTemplateList(props: PolicyTemplateListProps) {
  const { frameworkCount, templates, isPending, isError, selected, hasContent, generating, canGenerate, onChoose } = props;
  return (
    <Card>
      <div className="border-b border-slate-200 px-4 py-3">
        <h2 className="text-base font-semibold text-slate-900">Recommended Policies</h2>
        <p data-testid="templates-caption" className="mt-0.5 text-xs text-slate-500">
          {frameworkCount > 0 ? `Based on ${frameworkCount} selected framework(s)` : 'Based on all frameworks'}
        </p>
      </div>
      {!canGenerate && (
        <p className="border-b border-slate-200 bg-slate-50 px-4 py-2 text-xs text-slate-600">
          You have read-only access to this tenant: you can browse the recommendations, but not generate or save policies.
        </p>
      )}
      {isPending ? (
        <EmptyState>Loading templates...</EmptyState>
      ) : isError ? (
        <div className="p-4">
          <Alert tone="error">Failed to load policy templates</Alert>
        </div>
      ) : !templates || templates.length === 0 ? (
        <EmptyState>No policies available. Select frameworks to see recommendations.</EmptyState>
      ) : (
        <ul aria-label="Recommended policies" aria-busy={generating} tabIndex={0} className="space-y-2 p-3 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500/40 lg:max-h-[calc(100dvh-22rem)] lg:overflow-y-auto">
          {templates.map((template) => {
            const active = template.name === selected;
            return (
              <TemplateItem
                key={template.name}
                template={template}
                active={active}
                done={active && hasContent}
                blocked={generating}
                canGenerate={canGenerate}
                onChoose={onChoose}
              />
            );
          })}
        </ul>
      )}
    </Card>
  );
}
