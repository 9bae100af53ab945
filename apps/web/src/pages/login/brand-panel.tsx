import { Icon } from '../../layout/nav-icons';
import { PRODUCT_NAME } from '../../layout/product-mark';

const FRAMEWORKS = ['CIS Controls', 'NIST 800-53', 'ISO 27001', 'PCI DSS 4.0', 'HIPAA'];

/** The branding side of the login screen; hidden on small screens. */
export function BrandPanel() {
  return (
    <aside
      aria-hidden="true"
      className="relative hidden overflow-hidden bg-gradient-to-br from-indigo-700 via-indigo-600 to-slate-900 lg:flex lg:w-1/2 lg:flex-col lg:justify-between lg:p-12"
    >
      <div className="absolute -top-24 -right-24 h-96 w-96 rounded-full bg-white/10 blur-3xl" />
      <div className="absolute -bottom-32 -left-16 h-96 w-96 rounded-full bg-indigo-400/20 blur-3xl" />
      <div className="relative flex items-center gap-3 text-white">
        <span className="flex h-11 w-11 items-center justify-center rounded-xl bg-white/15 ring-1 ring-white/30">
          <Icon name="shield" className="h-6 w-6" />
        </span>
        <span className="text-xl font-semibold tracking-tight">{PRODUCT_NAME}</span>
      </div>
      <div className="relative flex justify-center">
        <div className="flex h-56 w-56 items-center justify-center rounded-full bg-white/10 ring-1 ring-white/20">
          <div className="flex h-36 w-36 items-center justify-center rounded-full bg-white/15 ring-1 ring-white/30">
            <Icon name="shield" className="h-20 w-20 text-white" />
          </div>
        </div>
      </div>
      <ul className="relative flex flex-wrap gap-2">
        {FRAMEWORKS.map((name) => (
          <li key={name} className="rounded-full bg-white/10 px-3 py-1 text-xs font-medium text-indigo-50 ring-1 ring-white/20">
            {name}
          </li>
        ))}
      </ul>
    </aside>
  );
}
