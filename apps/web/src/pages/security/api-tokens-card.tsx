import { type FormEvent, useState } from 'react';
import { API_TOKEN_DEFAULT_DAYS, type ApiToken } from '@compliance/contracts/access';
import { Alert } from '../../components/alert';
import { Badge } from '../../components/badge';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { Dialog } from '../../components/dialog';
import { failureMessage } from '../../components/error-detail';
import { TextField } from '../../components/form-field';
import { trpc } from '../../lib/trpc';
import { NewTokenNotice } from './new-token-notice';

const when = (value: string | null, fallback: string) => (value ? new Date(value).toLocaleString() : fallback);

function tokenState(token: ApiToken) {
  if (token.revoked_at) return <Badge tone="red">Revoked</Badge>;
  if (new Date(token.expires_at) <= new Date()) return <Badge tone="amber">Expired</Badge>;
  return <Badge tone="green">Active</Badge>;
}

/** Personal API tokens: create (secret shown once), list, revoke with confirmation. */
export function ApiTokensCard() {
  const utils = trpc.useUtils();
  const tokens = trpc.tokens.list.useQuery();
  const create = trpc.tokens.create.useMutation();
  const revoke = trpc.tokens.revoke.useMutation();
  const [name, setName] = useState('');
  const [days, setDays] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [created, setCreated] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<ApiToken | null>(null);

  async function onCreate(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    if (!name.trim()) return setError('Token name is required');
    const expiry = days.trim() ? Number(days) : null;
    try {
      const result = await create.mutateAsync({ name: name.trim(), expires_in_days: expiry });
      setCreated(result.token);
      setName('');
      setDays('');
      await utils.tokens.list.invalidate();
    } catch (e) {
      setError(failureMessage(e, 'Could not create the token. Please try again.'));
    }
  }

  async function onRevoke(token: ApiToken) {
    try {
      await revoke.mutateAsync({ id: token.id });
      setRevoking(null);
      await utils.tokens.list.invalidate();
    } catch (e) {
      setRevoking(null);
      setError(failureMessage(e, 'Could not revoke the token. Please try again.'));
    }
  }

  return (
    <Card className="p-5">
      <h2 className="mb-1 text-base font-semibold text-slate-900">Personal API tokens</h2>
      <p className="mb-4 text-sm text-slate-600">
        A token acts as you on the REST API (<code>Authorization: Bearer …</code>) with your access. It cannot create tokens or change your security settings.
      </p>
      <div className="space-y-4">
        {error && <Alert tone="error">{error}</Alert>}
        {created && <NewTokenNotice token={created} onDismiss={() => setCreated(null)} />}
        <form onSubmit={onCreate} noValidate className="flex flex-wrap items-end gap-3">
          <div className="w-64">
            <TextField id="token-name" label="Token name" value={name} maxLength={100} onChange={(e) => setName(e.target.value)} />
          </div>
          <div className="w-44">
            <TextField id="token-days" label="Expires in days" hint={`Empty: ${API_TOKEN_DEFAULT_DAYS} days`} type="number" min={1} max={365} value={days} onChange={(e) => setDays(e.target.value)} />
          </div>
          <Button type="submit" disabled={create.isPending}>
            Create token
          </Button>
        </form>
        <table className="w-full text-left text-sm" aria-label="API tokens">
          <thead className="border-b border-slate-200 text-xs uppercase text-slate-500">
            <tr>
              <th className="py-2">Name</th>
              <th>Created</th>
              <th>Last used</th>
              <th>Expires</th>
              <th>Status</th>
              <th />
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {(tokens.data?.tokens ?? []).map((token) => (
              <tr key={token.id}>
                <td className="py-2 font-medium text-slate-900">
                  {token.name} <span className="font-mono text-xs text-slate-500">{token.token_prefix}…</span>
                </td>
                <td>{when(token.created_at, '')}</td>
                <td>{when(token.last_used_at, 'Never')}</td>
                <td>{new Date(token.expires_at).toLocaleString()}</td>
                <td>{tokenState(token)}</td>
                <td className="text-right">
                  {!token.revoked_at && (
                    <Button variant="danger" size="sm" onClick={() => setRevoking(token)}>
                      Revoke
                    </Button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {tokens.data?.tokens.length === 0 && <p className="text-sm text-slate-500">No tokens yet.</p>}
      </div>
      {revoking && (
        <Dialog
          title="Revoke token"
          onClose={() => setRevoking(null)}
          busy={revoke.isPending}
          footer={
            <>
              <Button variant="secondary" onClick={() => setRevoking(null)}>
                Cancel
              </Button>
              <Button variant="danger" onClick={() => void onRevoke(revoking)} disabled={revoke.isPending}>
                Revoke token
              </Button>
            </>
          }
        >
          <p className="text-sm text-slate-600">Programs using “{revoking.name}” will be refused from now on. This cannot be undone.</p>
        </Dialog>
      )}
    </Card>
  );
}
