import { StatTile } from '../../components/stat-tile';
import { Icon } from '../../layout/nav-icons';

interface RequirementStatsProps {
  /** The whole filtered list's counts (from its first page), or undefined while it loads. */
  totals: { total: number; non_compliant: number } | undefined;
  stats: { contracts: number; evidence: number } | undefined;
}

const PENDING = '—';

/** The four headline numbers of the page; the first two follow the filters (non-compliant: neither Compliant nor Not Applicable). */
export function RequirementStats({ totals, stats }: RequirementStatsProps) {
  return (
    <div className="grid grid-cols-2 gap-3 xl:grid-cols-4 xl:gap-4">
      <StatTile label="Total Requirements" value={totals?.total ?? PENDING} icon={<Icon name="clipboard" className="h-5 w-5" />} />
      <StatTile
        label="Non-Compliant"
        value={totals?.non_compliant ?? PENDING}
        icon={<Icon name="shield" className="h-5 w-5" />}
      />
      <StatTile label="Contracts Analyzed" value={stats?.contracts ?? PENDING} icon={<Icon name="document" className="h-5 w-5" />} />
      <StatTile label="Evidence Uploaded" value={stats?.evidence ?? PENDING} icon={<Icon name="folder" className="h-5 w-5" />} />
    </div>
  );
}
