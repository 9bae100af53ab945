import type { ComplianceStatusName } from '@compliance/contracts/requirements';
import { Badge, type BadgeTone } from '../../components/badge';

/** Compliant green, In Progress amber, Not Started red (a gap), Not Applicable slate. */
export const STATUS_TONE: Record<ComplianceStatusName, BadgeTone> = {
  Compliant: 'green',
  'In Progress': 'amber',
  'Not Started': 'red',
  'Not Applicable': 'grey',
};

export function StatusBadge({ status }: { status: ComplianceStatusName }) {
  return <Badge tone={STATUS_TONE[status]}>{status}</Badge>;
}
