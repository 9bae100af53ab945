import { type KeyboardEvent, type ReactNode, type RefObject, useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { ScrollRegion } from './scroll-region';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

const WIDTH = { md: 'max-w-lg', lg: 'max-w-3xl' } as const;

interface DialogProps {
  title: string;
  subtitle?: ReactNode;
  onClose: () => void;
  footer?: ReactNode;
  children: ReactNode;
  /** Blocks closing (Escape, the × button) while something is being saved. */
  busy?: boolean;
  /** The id of the element that receives focus on open; otherwise the first field, else the dialog. */
  initialFocusId?: string;
  size?: keyof typeof WIDTH;
}

/** Makes everything outside the dialog inert and unscrollable while it is open, and undoes exactly that afterwards. */
function useInertBackground(container: RefObject<HTMLDivElement | null>) {
  useEffect(() => {
    const changed = Array.from(document.body.children).filter(
      (el): el is HTMLElement => el instanceof HTMLElement && el !== container.current && !el.inert,
    );
    for (const el of changed) el.inert = true;
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      for (const el of changed) el.inert = false;
      document.body.style.overflow = overflow;
    };
  }, [container]);
}

/**
 * The one modal dialog of the app: focus moves in, Tab stays inside, the page behind is inert,
 * Escape closes it, and focus returns to where it was.
 */
export function Dialog({ title, subtitle, onClose, footer, children, busy = false, initialFocusId, size = 'md' }: DialogProps) {
  const titleId = useId();
  const container = useRef<HTMLDivElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  useInertBackground(container);

  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const target = initialFocusId
      ? document.getElementById(initialFocusId)
      : panel.current?.querySelector<HTMLElement>('input:not([disabled]), textarea:not([disabled]), select:not([disabled])');
    (target ?? panel.current)?.focus();
    return () => previous?.focus();
  }, [initialFocusId]);

  useEffect(() => {
    function onKey(event: globalThis.KeyboardEvent) {
      if (event.key === 'Escape' && !busy) onClose();
    }
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [busy, onClose]);

  function trapTab(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key !== 'Tab' || !panel.current) return;
    const focusable = Array.from(panel.current.querySelectorAll<HTMLElement>(FOCUSABLE));
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) {
      event.preventDefault();
      return;
    }
    const active = document.activeElement;
    if (event.shiftKey && (active === first || active === panel.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  }

  return createPortal(
    <div ref={container} className="fixed inset-0 z-50 flex items-end justify-center bg-slate-900/50 sm:items-center sm:p-4">
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        onKeyDown={trapTab}
        className={`flex max-h-[100dvh] w-full ${WIDTH[size]} flex-col rounded-t-xl bg-white shadow-xl focus:outline-none sm:max-h-[calc(100dvh-2rem)] sm:rounded-xl`}
      >
        <div className="flex items-start justify-between gap-4 border-b border-slate-200 px-5 py-4 sm:px-6">
          <div className="min-w-0">
            <h2 id={titleId} className="text-lg font-semibold text-slate-900">
              {title}
            </h2>
            {subtitle && <div className="mt-0.5 text-sm text-slate-500">{subtitle}</div>}
          </div>
          <button
            type="button"
            onClick={onClose}
            disabled={busy}
            aria-label="Close dialog"
            className="rounded-md p-1 text-xl leading-none text-slate-500 hover:bg-slate-100 hover:text-slate-600"
          >
            ×
          </button>
        </div>
        <ScrollRegion label={`${title} content`} className="min-h-0 flex-1 overflow-y-auto px-5 py-5 sm:px-6">
          {children}
        </ScrollRegion>
        {footer && (
          <div className="flex flex-wrap items-center justify-end gap-2 rounded-b-xl border-t border-slate-200 bg-slate-50 px-5 py-4 sm:px-6">
            {footer}
          </div>
        )}
      </div>
    </div>,
    document.body,
  );
}
