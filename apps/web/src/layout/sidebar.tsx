import { useEffect, useRef } from 'react';
import { Icon } from './nav-icons';
import { ProductMark } from './product-mark';
import { SideNav } from './side-nav';
import { UserPanel } from './user-panel';

interface SidebarProps {
  id: string;
  /** Open as a slide-in menu (small screens); on large screens the sidebar is always shown. */
  open: boolean;
  onClose: () => void;
}

/** Fixed on large screens; a slide-in menu over a dimmed page on small ones. */
export function Sidebar({ id, open, onClose }: SidebarProps) {
  const closeButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    closeButton.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, onClose]);

  return (
    <>
      <div
        aria-hidden="true"
        onClick={onClose}
        className={`fixed inset-0 z-30 bg-slate-900/60 transition-opacity lg:hidden ${open ? 'opacity-100' : 'pointer-events-none opacity-0'}`}
      />
      <aside
        id={id}
        aria-label="Sidebar"
        className={`fixed inset-y-0 left-0 z-40 flex w-72 flex-col lg:w-64 bg-slate-900 transition-[transform,visibility] duration-200 lg:visible lg:translate-x-0 ${
          open ? 'visible translate-x-0' : 'invisible -translate-x-full'
        }`}
      >
        <div className="flex h-16 shrink-0 items-center justify-between border-b border-slate-800 px-5">
          <ProductMark tone="light" />
          <button
            ref={closeButton}
            type="button"
            onClick={onClose}
            aria-label="Close menu"
            className="rounded-md p-1.5 text-slate-400 hover:bg-slate-800 hover:text-white focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-400 lg:hidden"
          >
            <Icon name="close" className="h-5 w-5" />
          </button>
        </div>
        <SideNav />
        <UserPanel />
      </aside>
    </>
  );
}
