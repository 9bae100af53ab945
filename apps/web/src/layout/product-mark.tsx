import { Icon } from './nav-icons';

export const PRODUCT_NAME = 'Compliance Platform';

/** The product's shield mark and name. */
export function ProductMark({ tone = 'dark' }: { tone?: 'dark' | 'light' }) {
  return (
    <span className="flex items-center gap-2.5">
      <span className="flex h-9 w-9 items-center justify-center rounded-lg bg-indigo-600 text-white shadow-sm">
        <Icon name="shield" className="h-5 w-5" />
      </span>
      <span className={`text-base font-semibold tracking-tight ${tone === 'dark' ? 'text-slate-900' : 'text-white'}`}>
        {PRODUCT_NAME}
      </span>
    </span>
  );
}
