import { Button } from '../../components/button';
import { Icon } from '../../layout/nav-icons';

interface SuggestedResponseProps {
  text: string;
  /** Copies the suggestion into the editor; absent for read-only viewers. */
  onUse?: (text: string) => void;
}

/** The AI-suggested response, with 'Use This Response' to copy it into the editor. */
export function SuggestedResponse({ text, onUse }: SuggestedResponseProps) {
  return (
    <section aria-labelledby="suggested-response-title" className="rounded-lg border border-indigo-200 bg-indigo-50/60 p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="suggested-response-title" className="flex items-center gap-1.5 text-sm font-semibold text-indigo-900">
          <Icon name="sparkles" className="h-4 w-4" />
          AI Suggested Response
        </h3>
        {onUse && (
          <Button variant="secondary" size="sm" onClick={() => onUse(text)}>
            Use This Response
          </Button>
        )}
      </div>
      <p data-testid="suggested-response" className="mt-2 text-sm leading-relaxed whitespace-pre-wrap text-slate-800">
        {text}
      </p>
    </section>
  );
}
