import { type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes, useState } from 'react';

export const CONTROL_CLASS =
  'block w-full rounded-lg border bg-white px-3 py-2 text-sm text-slate-900 shadow-sm placeholder:text-slate-400 focus:outline-none focus:ring-2 focus:ring-indigo-500/40 disabled:bg-slate-50';

function controlClass(error?: string | null) {
  return `${CONTROL_CLASS} ${error ? 'border-red-400 focus:border-red-500' : 'border-slate-300 focus:border-indigo-500'}`;
}

interface ShellProps {
  id: string;
  label: string;
  required?: boolean;
  hint?: string;
  error?: string | null;
  children: ReactNode;
}

/** Label, control, hint and error of one form field, wired together for assistive technology. */
function FieldShell({ id, label, required, hint, error, children }: ShellProps) {
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
        {required && (
          <span aria-hidden="true" className="text-red-600">
            *
          </span>
        )}
      </label>
      {children}
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-slate-500">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-xs font-medium text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}

function describedBy(id: string, hint?: string, error?: string | null) {
  const ids = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}

type FieldProps<T> = Omit<T, 'id'> & { id: string; label: string; hint?: string; error?: string | null };

export function TextField({ id, label, hint, error, required, ...rest }: FieldProps<InputHTMLAttributes<HTMLInputElement>>) {
  return (
    <FieldShell id={id} label={label} required={required} hint={hint} error={error}>
      <input
        id={id}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        className={controlClass(error)}
        {...rest}
      />
    </FieldShell>
  );
}

export function TextAreaField({
  id,
  label,
  hint,
  error,
  required,
  ...rest
}: FieldProps<TextareaHTMLAttributes<HTMLTextAreaElement>>) {
  return (
    <FieldShell id={id} label={label} required={required} hint={hint} error={error}>
      <textarea
        id={id}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        className={controlClass(error)}
        {...rest}
      />
    </FieldShell>
  );
}

export function SelectField({
  id,
  label,
  hint,
  error,
  required,
  children,
  ...rest
}: FieldProps<SelectHTMLAttributes<HTMLSelectElement>>) {
  return (
    <FieldShell id={id} label={label} required={required} hint={hint} error={error}>
      <select
        id={id}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        className={controlClass(error)}
        {...rest}
      >
        {children}
      </select>
    </FieldShell>
  );
}

/** A password input with a Show / Hide button, so a person can check what they typed (ASVS V2.1.12). */
export function PasswordField({ id, label, hint, error, required, ...rest }: FieldProps<Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>>) {
  const [shown, setShown] = useState(false);
  return (
    <FieldShell id={id} label={label} required={required} hint={hint} error={error}>
      <div className="relative">
        <input
          id={id}
          type={shown ? 'text' : 'password'}
          aria-required={required || undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, hint, error)}
          className={`${controlClass(error)} pr-16`}
          spellCheck={false}
          autoCapitalize="off"
          {...rest}
        />
        <button
          type="button"
          aria-controls={id}
          aria-pressed={shown}
          onClick={() => setShown((value) => !value)}
          className="absolute inset-y-0 right-0 rounded-r-lg px-3 text-xs font-medium text-indigo-600 hover:text-indigo-500 focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none"
        >
          {shown ? 'Hide' : 'Show'}
        </button>
      </div>
    </FieldShell>
  );
}
