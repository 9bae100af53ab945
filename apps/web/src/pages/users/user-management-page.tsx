export function UserManagementPage() {
  return <h1 className="text-2xl font-semibold">User Management</h1>;
}
