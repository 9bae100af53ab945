import { FRAMEWORKS, type Framework, canonicalFramework } from '@compliance/contracts/frameworks';
import type { Tenant } from '@compliance/contracts/tenants';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../components/button';
import { TextAreaField, TextField } from '../../components/form-field';
import { Dialog } from '../../components/dialog';

export interface TenantValues {
  name: string;
  description: string | null;
  assigned_frameworks: Framework[];
}

function initialFrameworks(tenant: Tenant | null): Framework[] {
  const names = (tenant?.assigned_frameworks ?? []).map(canonicalFramework).filter((f): f is Framework => f !== null);
  return [...new Set(names)];
}

interface TenantFormModalProps {
  tenant: Tenant | null;
  saving: boolean;
  onCancel: () => void;
  onSubmit: (values: TenantValues) => void;
}

/** Create (tenant null) or edit a tenant; at least one framework must be chosen. */
export function TenantFormModal({ tenant, saving, onCancel, onSubmit }: TenantFormModalProps) {
  const formId = useId();
  const [name, setName] = useState(tenant?.name ?? '');
  const [description, setDescription] = useState(tenant?.description ?? '');
  const [frameworks, setFrameworks] = useState<Framework[]>(() => initialFrameworks(tenant));
  const [nameError, setNameError] = useState<string | null>(null);
  const noFramework = frameworks.length === 0;

  function toggle(framework: Framework, checked: boolean) {
    setFrameworks((current) =>
      checked ? FRAMEWORKS.filter((f) => f === framework || current.includes(f)) : current.filter((f) => f !== framework),
    );
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!name.trim()) {
      setNameError('Tenant name is required');
      return;
    }
    if (noFramework) return;
    onSubmit({ name: name.trim(), description: description.trim() || null, assigned_frameworks: frameworks });
  }

  return (
    <Dialog
      title={tenant ? 'Edit Tenant' : 'Create Tenant'}
      onClose={onCancel}
      busy={saving}
      footer={
        <>
          <Button variant="secondary" onClick={onCancel} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" form={formId} disabled={saving || noFramework}>
            {tenant ? 'Save Changes' : 'Create Tenant'}
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={submit} className="space-y-4">
        <TextField
          id="tenant-name"
          label="Tenant Name"
          required
          value={name}
          error={nameError}
          onChange={(e) => {
            setName(e.target.value);
            setNameError(null);
          }}
        />
        <TextAreaField
          id="tenant-description"
          label="Description"
          rows={3}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
        />
        <fieldset aria-describedby={noFramework ? 'tenant-frameworks-error' : undefined}>
          <legend className="mb-2 block text-sm font-medium text-slate-700">
            Assigned Frameworks
            <span aria-hidden="true" className="text-red-600">
              *
            </span>
          </legend>
          <div className="grid gap-2 sm:grid-cols-2">
            {FRAMEWORKS.map((framework) => {
              const id = `tenant-framework-${framework.replace(/[^a-z0-9]+/gi, '-').toLowerCase()}`;
              return (
                <div key={framework} className="flex items-center gap-2 rounded-lg border border-slate-200 px-3 py-2">
                  <input
                    id={id}
                    type="checkbox"
                    className="h-4 w-4 rounded border-slate-300 accent-indigo-600"
                    checked={frameworks.includes(framework)}
                    onChange={(e) => toggle(framework, e.target.checked)}
                  />
                  <label htmlFor={id} className="text-sm text-slate-700">
                    {framework}
                  </label>
                </div>
              );
            })}
          </div>
          {noFramework && (
            <p id="tenant-frameworks-error" className="mt-2 text-xs font-medium text-red-600">
              Please select at least one framework
            </p>
          )}
        </fieldset>
      </form>
    </Dialog>
  );
}
