import type { ReactNode } from 'react';
import { Icon } from '../../layout/nav-icons';
import { PRODUCT_NAME } from '../../layout/product-mark';
import { BrandPanel } from './brand-panel';

/** The screens outside the main layout (login, required MFA set-up): the brand panel and a card. */
export function AuthFrame({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-screen bg-white">
      <BrandPanel />
      <main className="flex flex-1 items-center justify-center bg-slate-50 px-4 py-12 sm:px-6 lg:bg-white">
        <div className="w-full max-w-sm rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8 lg:border-0 lg:p-0 lg:shadow-none">
          <div className="mb-8 flex items-center gap-3">
            <span className="flex h-10 w-10 items-center justify-center rounded-xl bg-indigo-600 text-white shadow-sm lg:hidden">
              <Icon name="shield" className="h-6 w-6" />
            </span>
            <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{PRODUCT_NAME}</h1>
          </div>
          {children}
        </div>
      </main>
    </div>
  );
}
