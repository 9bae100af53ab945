export function CustomerAdminPage() {
  return <h1 className="text-2xl font-semibold">Customer Admin</h1>;
}
