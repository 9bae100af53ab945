import type { Requirement } from '@compliance/contracts/requirements';
import { StatTile } from '../../components/stat-tile';
import { Icon } from '../../layout/nav-icons';

interface RequirementStatsProps {
  /** The filtered list, or undefined while it loads. */
  requirements: Requirement[] | undefined;
  stats: { contracts: number; evidence: number } | undefined;
}

const PENDING = '—';

/** Not yet met: anything neither Compliant nor Not Applicable. */
export function isNonCompliant(requirement: Requirement): boolean {
  return requirement.compliance_status !== 'Compliant' && requirement.compliance_status !== 'Not Applicable';
}

/** The four headline numbers of the page; the first two follow the filters. */
export function RequirementStats({ requirements, stats }: RequirementStatsProps) {
  return (
    <div className="grid grid-cols-2 gap-3 xl:grid-cols-4 xl:gap-4">
      <StatTile label="Total Requirements" value={requirements?.length ?? PENDING} icon={<Icon name="clipboard" className="h-5 w-5" />} />
      <StatTile
        label="Non-Compliant"
        value={requirements ? requirements.filter(isNonCompliant).length : PENDING}
        icon={<Icon name="shield" className="h-5 w-5" />}
      />
      <StatTile label="Contracts Analyzed" value={stats?.contracts ?? PENDING} icon={<Icon name="document" className="h-5 w-5" />} />
      <StatTile label="Evidence Uploaded" value={stats?.evidence ?? PENDING} icon={<Icon name="folder" className="h-5 w-5" />} />
    </div>
  );
}
