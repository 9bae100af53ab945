import { USER_ROLES, type UserRoleName } from '@compliance/contracts/auth';
import { PASSWORD_MIN_LENGTH, passwordLength } from '@compliance/contracts/password-length';
import { type FormEvent, useState } from 'react';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { SelectField, TextField } from '../../components/form-field';
import { useCallerAccess } from '../../components/use-caller-access';
import { type TenantGrant, TenantGrants, useAdministeredOrganizations } from './tenant-grants';

export interface NewUser {
  username: string;
  email: string;
  full_name: string | null;
  role: UserRoleName;
  password: string;
  organization_id?: string;
  tenant_ids?: string[];
  tenant_roles?: { tenant_id: string; role: UserRoleName }[];
}

type FieldErrors = Partial<Record<'username' | 'email' | 'password' | 'role', string>>;

const EMPTY = { username: '', email: '', full_name: '', role: 'Viewer' as UserRoleName, password: '' };
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function validate(values: typeof EMPTY): FieldErrors {
  const errors: FieldErrors = {};
  if (!values.username.trim()) errors.username = 'Username is required';
  if (!values.email.trim()) errors.email = 'Email is required';
  else if (!EMAIL_SHAPE.test(values.email.trim())) errors.email = 'Please enter a valid email address';
  if (!values.password) errors.password = 'Password is required';
  else if (passwordLength(values.password) < PASSWORD_MIN_LENGTH) errors.password = `Password must be at least ${PASSWORD_MIN_LENGTH} characters`;
  if (!USER_ROLES.includes(values.role)) errors.role = 'Role is required';
  return errors;
}

interface AddUserFormProps {
  saving: boolean;
  /** Resolves true when the user was created (the form then clears itself). */
  onSubmit: (user: NewUser) => Promise<boolean>;
}

export function AddUserForm({ saving, onSubmit }: AddUserFormProps) {
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const access = useCallerAccess();
  const organizations = useAdministeredOrganizations(access.canAdministerOrganization);
  const [chosenOrganization, setOrganizationId] = useState('');
  const [grants, setGrants] = useState<TenantGrant[]>([]);
  const organization = organizations.find((o) => o.id === chosenOrganization) ?? organizations[0];

  function set<K extends keyof typeof EMPTY>(key: K, value: (typeof EMPTY)[K]) {
    setValues((current) => ({ ...current, [key]: value }));
    if (key in errors) setErrors((current) => ({ ...current, [key]: undefined }));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = validate(values);
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    const created = await onSubmit({
      username: values.username.trim(),
      email: values.email.trim(),
      full_name: values.full_name.trim() || null,
      role: values.role,
      password: values.password,
      ...(organization
        ? {
            organization_id: organization.id,
            tenant_ids: grants.map((g) => g.tenant_id),
            tenant_roles: grants.flatMap((g) => (g.role ? [{ tenant_id: g.tenant_id, role: g.role }] : [])),
          }
        : {}),
    });
    if (created) {
      setValues(EMPTY);
      setGrants([]);
    }
  }

  return (
    <Card className="mb-6 p-6">
      <h2 className="mb-4 text-lg font-semibold text-slate-900">Add New User</h2>
      <form noValidate onSubmit={submit} className="space-y-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            id="new-user-username"
            label="Username"
            required
            autoComplete="off"
            value={values.username}
            error={errors.username}
            onChange={(e) => set('username', e.target.value)}
          />
          <TextField
            id="new-user-email"
            label="Email"
            type="email"
            required
            autoComplete="off"
            value={values.email}
            error={errors.email}
            onChange={(e) => set('email', e.target.value)}
          />
          <TextField
            id="new-user-full-name"
            label="Full Name"
            autoComplete="off"
            value={values.full_name}
            onChange={(e) => set('full_name', e.target.value)}
          />
          <SelectField
            id="new-user-role"
            label="Role"
            required
            value={values.role}
            error={errors.role}
            onChange={(e) => set('role', e.target.value as UserRoleName)}
          >
            {USER_ROLES.map((role) => (
              <option key={role} value={role}>
                {role}
              </option>
            ))}
          </SelectField>
          <TextField
            id="new-user-password"
            label="Password"
            type="password"
            required
            autoComplete="new-password"
            hint="12 to 128 characters of any kind; common or breached passwords are refused"
            value={values.password}
            error={errors.password}
            onChange={(e) => set('password', e.target.value)}
          />
          {organizations.length > 0 && organization && (
            <SelectField
              id="new-user-organization"
              label="Organization"
              required
              value={organization.id}
              onChange={(e) => {
                setOrganizationId(e.target.value);
                setGrants([]);
              }}
            >
              {organizations.map((o) => (
                <option key={o.id} value={o.id}>
                  {o.name}
                </option>
              ))}
            </SelectField>
          )}
        </div>
        {organization && (
          <TenantGrants key={organization.id} organizationId={organization.id} organizationName={organization.name} grants={grants} onChange={setGrants} />
        )}
        <div className="flex justify-end">
          <Button type="submit" disabled={saving}>
            {saving ? 'Creating...' : 'Create User'}
          </Button>
        </div>
      </form>
    </Card>
  );
}
