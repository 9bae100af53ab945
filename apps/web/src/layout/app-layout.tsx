import { useCallback, useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { AppFooter } from './app-footer';
import { Sidebar } from './sidebar';
import { TopBar } from './top-bar';

const MENU_ID = 'app-sidebar';

/** The main layout: sidebar (fixed on large screens, slide-in on small), top bar, page, footer. */
export function AppLayout() {
  const [menuOpen, setMenuOpen] = useState(false);
  const { pathname } = useLocation();
  const closeMenu = useCallback(() => setMenuOpen(false), []);

  useEffect(() => {
    setMenuOpen(false);
  }, [pathname]);

  return (
    <div className="min-h-screen bg-slate-50">
      <Sidebar id={MENU_ID} open={menuOpen} onClose={closeMenu} />
      <div className="flex min-h-screen flex-col lg:pl-64">
        <TopBar menuId={MENU_ID} menuOpen={menuOpen} onOpenMenu={() => setMenuOpen(true)} />
        <main id="main-content" className="mx-auto w-full max-w-7xl flex-1 px-4 py-6 sm:px-6 lg:px-8 lg:py-8">
          <Outlet />
        </main>
        <AppFooter />
      </div>
    </div>
  );
}
