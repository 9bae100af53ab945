export function OrganizationManagementPage() {
  return <h1 className="text-2xl font-semibold">Organization Management</h1>;
}
