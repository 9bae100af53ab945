import { SUGGESTED_QUESTIONS } from '@compliance/contracts/assistant';
import { Icon } from '../../layout/nav-icons';


/** The empty conversation: a welcome and the suggested questions (a click fills the input; it does not send). */
export function AssistantWelcome({ tenantName, onPick }: { tenantName: string; onPick: (question: string) => void }) {
  return (
    <div className="min-h-0 flex-1 overflow-y-auto px-4 py-10 sm:px-6">
      <div className="mx-auto max-w-2xl text-center">
        <span className="mx-auto flex h-12 w-12 items-center justify-center rounded-full bg-indigo-50 text-indigo-600">
          <Icon name="chat" className="h-6 w-6" />
        </span>
        <h2 className="mt-4 text-lg font-semibold text-slate-900">Welcome to the AI Compliance Assistant</h2>
        <p className="mt-1 text-sm text-slate-500">
          Ask about the compliance rate, gaps, evidence and requirements of {tenantName}. Try one of these questions:
        </p>
        <ul aria-label="Suggested questions" className="mt-6 grid gap-3 text-left sm:grid-cols-2">
          {SUGGESTED_QUESTIONS.map((question) => (
            <li key={question}>
              <button
                type="button"
                onClick={() => onPick(question)}
                className="flex h-full w-full items-start gap-2 rounded-lg text-left border border-slate-200 bg-white px-4 py-3 text-sm text-slate-700 shadow-sm transition-colors hover:border-indigo-300 hover:bg-indigo-50/50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
              >
                <Icon name="sparkles" className="mt-0.5 h-4 w-4 shrink-0 text-indigo-500" />
                <span>{question}</span>
              </button>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
