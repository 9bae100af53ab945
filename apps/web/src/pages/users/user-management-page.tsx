import type { User } from '@compliance/contracts/auth';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { EmptyState } from '../../components/empty-state';
import { failureMessage } from '../../components/error-detail';
import { PageHeader } from '../../components/page-header';
import { useCallerAccess } from '../../components/use-caller-access';
import { refreshQueries } from '../../lib/refresh-queries';
import { trpc } from '../../lib/trpc';
import { AddUserForm, type NewUser } from './add-user-form';
import { EditAccessDialog } from './edit-access-dialog';
import { ResetPasswordDialog } from './reset-password-dialog';
import { UserTable } from './user-table';
import { useManageableUserIds } from './use-manageable-users';

type Message = { tone: 'success' | 'error'; text: string };

export function UserManagementPage() {
  const access = useCallerAccess();
  const queryClient = useQueryClient();
  const users = trpc.users.list.useQuery();
  const manageableIds = useManageableUserIds();
  const createUser = trpc.users.create.useMutation();
  const toggleStatus = trpc.users.toggleStatus.useMutation();
  const deleteUser = trpc.users.delete.useMutation();
  const [showForm, setShowForm] = useState(false);
  const [message, setMessage] = useState<Message | null>(null);
  const [busyUserId, setBusyUserId] = useState<string | null>(null);
  const [resetting, setResetting] = useState<User | null>(null);
  const [editingAccess, setEditingAccess] = useState<User | null>(null);
  const summaries = trpc.users.membershipSummaries.useQuery();
  const memberships = new Map((summaries.data ?? []).map((m) => [m.user_id, m]));

  function refresh() {
    void refreshQueries(queryClient, 'users', 'organizations');
  }

  async function create(user: NewUser): Promise<boolean> {
    setMessage(null);
    try {
      const created = await createUser.mutateAsync(user);
      setMessage({ tone: 'success', text: `User "${created.username}" created successfully` });
      setShowForm(false);
      refresh();
      return true;
    } catch (error) {
      setMessage({ tone: 'error', text: failureMessage(error, 'Failed to create user') });
      return false;
    }
  }

  async function toggle(user: User) {
    setMessage(null);
    setBusyUserId(user.id);
    try {
      const result = await toggleStatus.mutateAsync({ id: user.id });
      const state = result.user.is_active ? 'activated' : 'deactivated';
      setMessage({ tone: 'success', text: `User "${result.user.username}" ${state} successfully` });
      refresh();
    } catch {
      setMessage({ tone: 'error', text: 'Failed to update user status' });
    } finally {
      setBusyUserId(null);
    }
  }

  async function remove(user: User) {
    if (!window.confirm(`Delete user "${user.username}"? This will deactivate their account.`)) return;
    setMessage(null);
    setBusyUserId(user.id);
    try {
      await deleteUser.mutateAsync({ id: user.id });
      setMessage({ tone: 'success', text: `User "${user.username}" deleted successfully` });
      refresh();
    } catch {
      setMessage({ tone: 'error', text: 'Failed to delete user' });
    } finally {
      setBusyUserId(null);
    }
  }

  return (
    <div>
      <PageHeader
        title="User Management"
        subtitle="Manage user accounts, roles and access"
        actions={
          access.canManageUsers && (
            <Button variant={showForm ? 'secondary' : 'primary'} onClick={() => setShowForm((open) => !open)}>
              {showForm ? 'Cancel' : '+ Add User'}
            </Button>
          )
        }
      />

      {message && (
        <div className="mb-4">
          <Alert tone={message.tone} onDismiss={() => setMessage(null)}>
            {message.text}
          </Alert>
        </div>
      )}

      {showForm && <AddUserForm saving={createUser.isPending} onSubmit={create} />}

      <Card>
        {users.isLoading ? (
          <EmptyState>Loading users...</EmptyState>
        ) : users.isError ? (
          <div className="p-4">
            <Alert tone="error">Failed to load users</Alert>
          </div>
        ) : !users.data?.length ? (
          <EmptyState>No users found. Add your first user above.</EmptyState>
        ) : (
          <UserTable
            users={users.data}
            currentUserId={access.userId}
            manageableIds={manageableIds}
            busyUserId={busyUserId}
            onToggle={toggle}
            onDelete={remove}
            onResetPassword={(user) => {
              setMessage(null);
              setResetting(user);
            }}
            memberships={memberships}
            onEditAccess={(user) => {
              setMessage(null);
              setEditingAccess(user);
            }}
          />
        )}
      </Card>
      {resetting && <ResetPasswordDialog user={resetting} onClose={() => setResetting(null)} />}
      {editingAccess && (
        <EditAccessDialog
          user={editingAccess}
          onClose={() => setEditingAccess(null)}
          onSaved={(text) => {
            setEditingAccess(null);
            setMessage({ tone: 'success', text });
            refresh();
          }}
        />
      )}
    </div>
  );
}
