import { type DragEvent, type ReactNode, useId, useState } from 'react';
import { Icon } from '../layout/nav-icons';

export const DOCUMENT_ACCEPT = '.pdf,.docx,.doc,.xlsx,.xls';

interface DropZoneProps {
  /** The accessible name of the hidden file input. */
  label: string;
  multiple?: boolean;
  disabled?: boolean;
  onFiles: (files: File[]) => void;
  children: ReactNode;
}

/** A click-to-upload area that also takes files dropped on it. */
export function DropZone({ label, multiple = false, disabled = false, onFiles, children }: DropZoneProps) {
  const inputId = useId();
  const [dragging, setDragging] = useState(false);

  function drop(event: DragEvent<HTMLLabelElement>) {
    event.preventDefault();
    setDragging(false);
    if (disabled) return;
    const files = Array.from(event.dataTransfer.files);
    if (files.length) onFiles(multiple ? files : files.slice(0, 1));
  }

  return (
    <label
      htmlFor={inputId}
      onDragOver={(event) => {
        event.preventDefault();
        if (!disabled) setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={drop}
      data-testid="drop-zone"
      className={`flex flex-col items-center justify-center gap-2 rounded-xl border-2 border-dashed px-6 py-8 text-center text-sm transition-colors ${
        disabled ? 'cursor-not-allowed border-slate-200 bg-slate-50 opacity-60' : 'cursor-pointer hover:border-indigo-400 hover:bg-indigo-50/40'
      } ${dragging ? 'border-indigo-500 bg-indigo-50' : 'border-slate-300'}`}
    >
      <Icon name="document" className="h-8 w-8 text-slate-400" />
      {children}
      <input
        id={inputId}
        type="file"
        aria-label={label}
        accept={DOCUMENT_ACCEPT}
        multiple={multiple}
        disabled={disabled}
        className="sr-only"
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []);
          event.target.value = '';
          if (files.length) onFiles(files);
        }}
      />
    </label>
  );
}
