import { useState } from 'react';
import { Button } from '../../components/button';
import { failureMessage } from '../../components/error-detail';
import { Icon } from '../../layout/nav-icons';
import { trpc } from '../../lib/trpc';

const GENERATE_FAILED = 'Failed to generate response';

interface GenerateResponseButtonProps {
  tenantId: string;
  requirementId: string;
  onGenerated: (text: string) => void;
}

/** 'Generate AI Response': builds a suggested response from the requirement's linked evidence. */
export function GenerateResponseButton({ tenantId, requirementId, onGenerated }: GenerateResponseButtonProps) {
  const generate = trpc.requirements.generateResponse.useMutation();
  const [error, setError] = useState<string | null>(null);

  async function run() {
    setError(null);
    try {
      const answer = await generate.mutateAsync({ id: requirementId, tenant_id: tenantId });
      onGenerated(answer.suggested_response);
    } catch (failure) {
      setError(failureMessage(failure, GENERATE_FAILED));
    }
  }

  return (
    <div className="flex flex-wrap items-center gap-3 rounded-lg border border-dashed border-indigo-200 bg-indigo-50/40 p-4">
      <p className="min-w-0 flex-1 text-sm text-slate-600">No suggested response yet. One can be drafted from the linked evidence.</p>
      <Button variant="secondary" onClick={() => void run()} disabled={generate.isPending}>
        <Icon name="sparkles" className="h-4 w-4" />
        {generate.isPending ? 'Generating...' : 'Generate AI Response'}
      </Button>
      {error && (
        <p role="alert" className="w-full text-sm font-medium text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}
