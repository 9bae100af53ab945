import type { Rollup } from '@compliance/contracts/reports';
import { BuildingIcon, CheckCircleIcon, LayersIcon } from '../../components/icons';
import { StatTile } from '../../components/stat-tile';
import { Icon } from '../../layout/nav-icons';
import { formatRate, rateLevel, rateStyle } from '../../components/compliance-rate';

/** The organization's headline figures across all its active tenants. */
export function RollupSummaryTiles({ metrics }: { metrics: Rollup['metrics'] }) {
  const rate = metrics.overall_compliance_rate;
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-5">
      <StatTile label="Total Tenants" value={metrics.total_tenants} icon={<BuildingIcon />} />
      <StatTile
        label="Overall Compliance"
        value={
          <span data-testid="overall-compliance" data-level={rateLevel(rate)} className={rateStyle(rate).text}>
            {formatRate(rate)}
          </span>
        }
        icon={<Icon name="chart" className="h-6 w-6" />}
      />
      <StatTile label="Total Requirements" value={metrics.total_requirements} icon={<LayersIcon />} />
      <StatTile label="Compliant" value={metrics.total_compliant} icon={<CheckCircleIcon />} />
      <StatTile label="Not Started" value={metrics.total_not_started} icon={<Icon name="clipboard" className="h-6 w-6" />} />
    </div>
  );
}
