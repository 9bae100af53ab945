import { Card } from '../../components/card';
import { PageHeader } from '../../components/page-header';
import { useTenant } from '../../context/tenant-context';
import { Icon, type IconName } from '../../layout/nav-icons';

interface ModulePlaceholderPageProps {
  title: string;
  subtitle?: string;
  icon: IconName;
}

/** A feature screen whose module is not built yet: its title and one neutral line. */
export function ModulePlaceholderPage({ title, subtitle, icon }: ModulePlaceholderPageProps) {
  const { currentTenant } = useTenant();
  return (
    <div>
      <PageHeader title={title} subtitle={subtitle} />
      <Card className="flex items-center gap-4 p-6">
        <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-lg bg-slate-100 text-slate-500">
          <Icon name={icon} className="h-6 w-6" />
        </span>
        <p className="text-sm text-slate-600">
          This module is not yet enabled for {currentTenant ? <strong className="font-medium text-slate-800">{currentTenant.name}</strong> : 'this tenant'}.
        </p>
      </Card>
    </div>
  );
}
