import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Icon } from './nav-icons';

export interface SelectMenuOption {
  id: string;
  /** The option's main text (also what the closed button shows once it is selected). */
  label: string;
  /** Secondary content beneath the label (chips, counts). */
  detail?: ReactNode;
}

export interface SelectMenuGroup {
  label?: string;
  options: SelectMenuOption[];
}

interface SelectMenuProps {
  label: string;
  placeholder: string;
  groups: SelectMenuGroup[];
  selectedId: string | null;
  onSelect: (id: string) => void;
  /** Replaces the button text and disables it ('Loading...', 'No tenants available'). */
  status?: string | null;
  busy?: boolean;
  /** The top bar hides the label on small screens to save room; elsewhere it is always shown. */
  labelAlwaysVisible?: boolean;
}

/** A dropdown list box: a button that opens a grouped list of options, the selected one checked. */
export function SelectMenu({ label, placeholder, groups, selectedId, onSelect, status, busy = false, labelAlwaysVisible = false }: SelectMenuProps) {
  const baseId = useId();
  const labelId = `${baseId}-label`;
  const valueId = `${baseId}-value`;
  const listId = `${baseId}-list`;
  const [open, setOpen] = useState(false);
  const [activeIndex, setActiveIndex] = useState(0);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const options = groups.flatMap((g) => g.options);
  const selected = options.find((o) => o.id === selectedId) ?? null;
  const optionId = (index: number) => `${baseId}-option-${index}`;

  useEffect(() => {
    if (!open) return;
    list.current?.focus();
    const onPointer = (event: MouseEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onPointer);
    return () => document.removeEventListener('mousedown', onPointer);
  }, [open]);

  useEffect(() => {
    if (open) document.getElementById(optionId(activeIndex))?.scrollIntoView({ block: 'nearest' });
  });

  function openList() {
    const index = options.findIndex((o) => o.id === selectedId);
    setActiveIndex(index >= 0 ? index : 0);
    setOpen(true);
  }

  function choose(index: number) {
    const option = options[index];
    setOpen(false);
    button.current?.focus();
    if (option && option.id !== selectedId) onSelect(option.id);
  }

  function onListKey(event: KeyboardEvent<HTMLUListElement>) {
    const last = options.length - 1;
    const moves: Record<string, number> = {
      ArrowDown: Math.min(activeIndex + 1, last),
      ArrowUp: Math.max(activeIndex - 1, 0),
      Home: 0,
      End: last,
    };
    if (event.key in moves) {
      event.preventDefault();
      setActiveIndex(moves[event.key]!);
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      choose(activeIndex);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      setOpen(false);
      button.current?.focus();
    } else if (event.key === 'Tab') {
      setOpen(false);
    }
  }

  const offsets = groups.map((_, i) => groups.slice(0, i).reduce((count, g) => count + g.options.length, 0));
  return (
    <div ref={root} className="relative flex min-w-0 flex-1 items-center gap-2 sm:flex-none">
      <span
        id={labelId}
        className={`text-xs font-semibold tracking-wide text-slate-600 uppercase ${labelAlwaysVisible ? '' : 'sr-only sm:not-sr-only'}`}
      >
        {label}
      </span>
      <button
        ref={button}
        type="button"
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        aria-labelledby={`${labelId} ${valueId}`}
        disabled={!!status || busy}
        onClick={() => (open ? setOpen(false) : openList())}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
            event.preventDefault();
            openList();
          }
        }}
        className="flex w-full min-w-0 items-center justify-between gap-2 rounded-lg border border-slate-300 bg-white px-3 py-2 text-left text-sm shadow-sm transition-colors hover:border-slate-400 focus-visible:border-indigo-500 focus-visible:ring-2 focus-visible:ring-indigo-500/40 focus-visible:outline-none disabled:cursor-not-allowed disabled:bg-slate-50 sm:w-72"
      >
        <span id={valueId} className={`truncate ${selected && !status ? 'font-medium text-slate-900' : 'text-slate-500'}`}>
          {status ?? selected?.label ?? placeholder}
        </span>
        <Icon name="chevrons" className="h-4 w-4 shrink-0 text-slate-400" />
      </button>
      {open && (
        <ul
          ref={list}
          id={listId}
          role="listbox"
          tabIndex={-1}
          aria-labelledby={labelId}
          aria-activedescendant={options.length ? optionId(activeIndex) : undefined}
          onKeyDown={onListKey}
          className="absolute top-full right-0 z-50 mt-2 max-h-96 w-full min-w-[18rem] overflow-y-auto rounded-xl border border-slate-200 bg-white py-2 shadow-lg focus:outline-none sm:w-80"
        >
          {groups.map((group, groupIndex) => {
            const groupLabelId = `${baseId}-group-${groupIndex}`;
            return (
              <li key={group.label ?? groupIndex} role="presentation">
                {group.label && (
                  <div id={groupLabelId} className="px-3 pt-2 pb-1 text-xs font-semibold tracking-wide text-slate-500 uppercase">
                    {group.label}
                  </div>
                )}
                <ul role="group" aria-labelledby={group.label ? groupLabelId : undefined}>
                  {group.options.map((option, i) => {
                    const optionIndex = (offsets[groupIndex] ?? 0) + i;
                    const isSelected = option.id === selectedId;
                    return (
                      <li
                        key={option.id}
                        id={optionId(optionIndex)}
                        role="option"
                        aria-selected={isSelected}
                        onClick={() => choose(optionIndex)}
                        onMouseEnter={() => setActiveIndex(optionIndex)}
                        className={`mx-1 flex cursor-pointer items-start gap-2 rounded-lg px-2 py-2 text-sm ${
                          optionIndex === activeIndex ? 'bg-indigo-50' : ''
                        }`}
                      >
                        <span className="mt-0.5 h-4 w-4 shrink-0 text-indigo-600">
                          {isSelected && <Icon name="check" className="h-4 w-4" />}
                        </span>
                        <span className="min-w-0 flex-1">
                          <span className={`block truncate ${isSelected ? 'font-semibold text-indigo-700' : 'text-slate-800'}`}>
                            {option.label}
                          </span>
                          {option.detail && <span className="mt-1 block">{option.detail}</span>}
                        </span>
                      </li>
                    );
                  })}
                </ul>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
