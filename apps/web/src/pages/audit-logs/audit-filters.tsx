import { AUDIT_LIMITS } from '@compliance/contracts/audit';
import { Button } from '../../components/button';
import { SelectField, TextField } from '../../components/form-field';

export interface AuditFilterValues {
  username: string;
  action: string;
  limit: number;
}

export const DEFAULT_AUDIT_FILTERS: AuditFilterValues = { username: '', action: '', limit: 100 };

interface AuditFiltersProps {
  values: AuditFilterValues;
  refreshing: boolean;
  onChange: (values: AuditFilterValues) => void;
  onRefresh: () => void;
  onClear: () => void;
}

export function AuditFilters({ values, refreshing, onChange, onRefresh, onClear }: AuditFiltersProps) {
  return (
    <div className="grid items-end gap-4 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_10rem_auto]">
      <TextField
        id="audit-filter-username"
        label="Username"
        placeholder="Filter by username"
        value={values.username}
        onChange={(e) => onChange({ ...values, username: e.target.value })}
      />
      <TextField
        id="audit-filter-action"
        label="Action"
        placeholder="e.g. create, delete, login"
        value={values.action}
        onChange={(e) => onChange({ ...values, action: e.target.value })}
      />
      <SelectField
        id="audit-filter-limit"
        label="Limit"
        value={values.limit}
        onChange={(e) => onChange({ ...values, limit: Number(e.target.value) })}
      >
        {AUDIT_LIMITS.map((limit) => (
          <option key={limit} value={limit}>
            {limit}
          </option>
        ))}
      </SelectField>
      <div className="flex gap-2">
        <Button variant="secondary" onClick={onRefresh} disabled={refreshing}>
          Refresh
        </Button>
        <Button variant="ghost" onClick={onClear}>
          Clear
        </Button>
      </div>
    </div>
  );
}
