import { PRODUCT_NAME } from './product-mark';

export function AppFooter() {
  return (
    <footer className="border-t border-slate-200 bg-white px-4 py-4 text-center text-xs text-slate-500 sm:px-6 lg:px-8">
      © {new Date().getFullYear()} {PRODUCT_NAME}. All rights reserved.
    </footer>
  );
}
