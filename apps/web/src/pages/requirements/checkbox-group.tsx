import { useId } from 'react';

export interface CheckboxOption<T extends string | number> {
  value: T;
  label: string;
}

interface CheckboxGroupProps<T extends string | number> {
  title: string;
  options: readonly CheckboxOption<T>[];
  selected: readonly T[];
  onChange: (selected: T[]) => void;
  /** Shown instead of the checkboxes when there is nothing to choose from. */
  emptyText?: string;
}

const LINK = 'rounded px-1 text-xs font-medium text-indigo-600 hover:text-indigo-800 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 disabled:text-slate-400 disabled:no-underline';

/** A titled group of checkboxes with 'Select All' and 'Deselect All'. */
export function CheckboxGroup<T extends string | number>({ title, options, selected, onChange, emptyText }: CheckboxGroupProps<T>) {
  const baseId = useId();
  const allSelected = options.every((o) => selected.includes(o.value));
  const noneSelected = !options.some((o) => selected.includes(o.value));

  function toggle(value: T, checked: boolean) {
    onChange(checked ? [...selected, value] : selected.filter((v) => v !== value));
  }

  return (
    <div role="group" aria-labelledby={`${baseId}-title`} className="min-w-0">
      <div className="mb-2 flex items-center justify-between gap-2">
        <h2 id={`${baseId}-title`} className="text-xs font-semibold tracking-wide text-slate-500 uppercase">
          {title}
        </h2>
        <div className="flex shrink-0 gap-1">
          <button type="button" className={LINK} disabled={allSelected} onClick={() => onChange(options.map((o) => o.value))}>
            Select All
          </button>
          <span aria-hidden="true" className="text-slate-300">
            |
          </span>
          <button type="button" className={LINK} disabled={noneSelected} onClick={() => onChange([])}>
            Deselect All
          </button>
        </div>
      </div>
      {options.length === 0 ? (
        <p className="text-sm text-slate-500">{emptyText}</p>
      ) : (
        <ul className="space-y-0.5">
          {options.map((option, index) => {
            const id = `${baseId}-${index}`;
            return (
              <li key={option.value}>
                <label htmlFor={id} className="flex cursor-pointer items-start gap-2 rounded-md px-1.5 py-1 text-sm text-slate-700 hover:bg-slate-50">
                  <input
                    id={id}
                    type="checkbox"
                    checked={selected.includes(option.value)}
                    onChange={(event) => toggle(option.value, event.target.checked)}
                    className="mt-0.5 h-4 w-4 shrink-0 rounded border-slate-300 accent-indigo-600"
                  />
                  <span>{option.label}</span>
                </label>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
