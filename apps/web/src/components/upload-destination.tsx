import type { AccessibleTenant } from '@compliance/contracts/users';

/** Where an upload lands, named beside the upload control: the tenant the request carries explicitly. */
export function UploadDestination({ tenant }: { tenant: AccessibleTenant }) {
  return (
    <p className="text-xs text-slate-500" data-testid="upload-destination">
      Uploads go to <span className="font-semibold text-slate-700">{tenant.name}</span>
      <span> · {tenant.organization_name}</span>
    </p>
  );
}
