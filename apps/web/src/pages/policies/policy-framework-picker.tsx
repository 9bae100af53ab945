import { canonicalFramework } from '@compliance/contracts/frameworks';
import { useId } from 'react';
import { Card } from '../../components/card';

/** The five frameworks under the spec's short names (the server reads both spellings). */
export const POLICY_FRAMEWORKS = ['CIS Controls v8', 'NIST 800-53', 'ISO 27001', 'PCI DSS 4.0', 'HIPAA'] as const;

interface PolicyFrameworkPickerProps {
  /** The tenant's frameworks (canonical names). */
  assignedFrameworks: readonly string[];
  selected: readonly string[];
  onSelectedChange: (selected: string[]) => void;
  includeContracts: boolean;
  onIncludeContractsChange: (include: boolean) => void;
}

/** True when the tenant has the framework named in either spelling. */
export function isAssigned(name: string, assignedFrameworks: readonly string[]): boolean {
  const canonical = canonicalFramework(name);
  return !!canonical && assignedFrameworks.includes(canonical);
}

const BOX = 'mt-0.5 h-4 w-4 shrink-0 rounded border-slate-300 accent-indigo-600 disabled:cursor-not-allowed';

/**
 * The framework checkboxes and 'Include contract requirements'. All five frameworks are listed, as in
 * the spec, so the screen reads the same for every tenant; the ones this tenant does not have are shown
 * but disabled and marked 'Not assigned', because ticking one could only empty the recommendations.
 */
export function PolicyFrameworkPicker({ assignedFrameworks, selected, onSelectedChange, includeContracts, onIncludeContractsChange }: PolicyFrameworkPickerProps) {
  const baseId = useId();

  function toggle(name: string, checked: boolean) {
    const next = checked ? [...selected, name] : selected.filter((n) => n !== name);
    onSelectedChange(POLICY_FRAMEWORKS.filter((n) => next.includes(n)));
  }

  return (
    <Card className="space-y-4 p-4">
      <fieldset>
        <legend className="mb-2 text-xs font-semibold tracking-wide text-slate-500 uppercase">Frameworks</legend>
        <ul className="space-y-0.5">
          {POLICY_FRAMEWORKS.map((name, index) => {
            const id = `${baseId}-${index}`;
            const assigned = isAssigned(name, assignedFrameworks);
            return (
              <li key={name}>
                <label
                  htmlFor={id}
                  className={`flex items-start gap-2 rounded-md px-1.5 py-1 text-sm ${assigned ? 'cursor-pointer text-slate-700 hover:bg-slate-50' : 'cursor-not-allowed text-slate-500'}`}
                >
                  <input
                    id={id}
                    type="checkbox"
                    disabled={!assigned}
                    checked={assigned && selected.includes(name)}
                    onChange={(event) => toggle(name, event.target.checked)}
                    className={BOX}
                  />
                  <span className="flex-1">{name}</span>
                  {!assigned && <span className="text-xs">Not assigned</span>}
                </label>
              </li>
            );
          })}
        </ul>
      </fieldset>
      <div className="border-t border-slate-100 pt-3">
        <label htmlFor={`${baseId}-contracts`} className="flex cursor-pointer items-start gap-2 rounded-md px-1.5 py-1 text-sm text-slate-700 hover:bg-slate-50">
          <input
            id={`${baseId}-contracts`}
            type="checkbox"
            checked={includeContracts}
            onChange={(event) => onIncludeContractsChange(event.target.checked)}
            className={BOX}
          />
          <span>Include contract requirements</span>
        </label>
      </div>
    </Card>
  );
}
