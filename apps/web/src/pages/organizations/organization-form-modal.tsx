import type { Organization } from '@compliance/contracts/organizations';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../components/button';
import { TextAreaField, TextField } from '../../components/form-field';
import { LogoImage } from '../../components/logo-image';
import { Dialog } from '../../components/dialog';

export interface OrganizationValues {
  name: string;
  domain: string | null;
  logo_url: string | null;
  description: string | null;
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

const orNull = (value: string) => value.trim() || null;

interface OrganizationFormModalProps {
  organization: Organization | null;
  saving: boolean;
  onCancel: () => void;
  onSubmit: (values: OrganizationValues) => void;
}

/** Create (organization null) or edit an organization. */
export function OrganizationFormModal({ organization, saving, onCancel, onSubmit }: OrganizationFormModalProps) {
  const formId = useId();
  const [name, setName] = useState(organization?.name ?? '');
  const [domain, setDomain] = useState(organization?.domain ?? '');
  const [logoUrl, setLogoUrl] = useState(organization?.logo_url ?? '');
  const [description, setDescription] = useState(organization?.description ?? '');
  const [errors, setErrors] = useState<{ name?: string; logo?: string }>({});
  const previewUrl = logoUrl.trim() && isHttpUrl(logoUrl.trim()) ? logoUrl.trim() : null;

  function submit(event: FormEvent) {
    event.preventDefault();
    const found: typeof errors = {};
    if (!name.trim()) found.name = 'Organization name is required';
    if (logoUrl.trim() && !isHttpUrl(logoUrl.trim())) found.logo = 'Please enter a valid URL (starting with http:// or https://)';
    setErrors(found);
    if (found.name || found.logo) return;
    onSubmit({ name: name.trim(), domain: orNull(domain), logo_url: orNull(logoUrl), description: orNull(description) });
  }

  return (
    <Dialog
      title={organization ? 'Edit Organization' : 'Create Organization'}
      onClose={onCancel}
      busy={saving}
      footer={
        <>
          <Button variant="secondary" onClick={onCancel} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" form={formId} disabled={saving}>
            {organization ? 'Save Changes' : 'Create Organization'}
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={submit} className="space-y-4">
        <TextField
          id="organization-name"
          label="Organization Name"
          required
          value={name}
          error={errors.name}
          onChange={(e) => {
            setName(e.target.value);
            setErrors((current) => ({ ...current, name: undefined }));
          }}
        />
        <TextField
          id="organization-domain"
          label="Domain"
          hint="Unique identifier for the organization"
          placeholder="e.g. acme-health"
          value={domain}
          onChange={(e) => setDomain(e.target.value)}
        />
        <div className="flex items-start gap-4">
          <div className="flex-1">
            <TextField
              id="organization-logo-url"
              label="Logo URL"
              type="url"
              placeholder="https://example.com/logo.png"
              value={logoUrl}
              error={errors.logo}
              onChange={(e) => {
                setLogoUrl(e.target.value);
                setErrors((current) => ({ ...current, logo: undefined }));
              }}
            />
          </div>
          {previewUrl && (
            <div className="pt-7">
              <LogoImage key={previewUrl} src={previewUrl} alt="Logo preview" className="h-14 w-14" />
            </div>
          )}
        </div>
        <TextAreaField
          id="organization-description"
          label="Description"
          rows={3}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
        />
      </form>
    </Dialog>
  );
}
