export function AuditLogsPage() {
  return <h1 className="text-2xl font-semibold">Audit Logs</h1>;
}
