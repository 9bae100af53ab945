import type { ComplianceStatusName } from '@compliance/contracts/requirements';
import type { BadgeTone } from './badge';

/** Status colours as the Security Requirements screen uses them: Compliant green, In Progress amber, Not Started red, N/A slate. */
export const STATUS_TONE: Record<ComplianceStatusName, BadgeTone> = {
  Compliant: 'green',
  'In Progress': 'amber',
  'Not Started': 'red',
  'Not Applicable': 'grey',
};

export const STATUS_SWATCH: Record<ComplianceStatusName, { fill: string; stroke: string }> = {
  Compliant: { fill: 'bg-green-500', stroke: 'stroke-green-500' },
  'In Progress': { fill: 'bg-amber-400', stroke: 'stroke-amber-400' },
  'Not Started': { fill: 'bg-red-400', stroke: 'stroke-red-400' },
  'Not Applicable': { fill: 'bg-slate-300', stroke: 'stroke-slate-300' },
};

export const PRIORITY_TONE: Record<'High' | 'Medium' | 'Low', BadgeTone> = {
  High: 'red',
  Medium: 'amber',
  Low: 'blue',
};
