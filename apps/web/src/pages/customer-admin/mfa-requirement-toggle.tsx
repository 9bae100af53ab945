import type { Organization } from '@compliance/contracts/organizations';
import { trpc } from '../../lib/trpc';

/** The organizations that require MFA, as a set of ids (product admins only). */
export function useMfaRequirements(enabled: boolean): Set<string> {
  const query = trpc.mfa.requirements.useQuery(undefined, { enabled });
  return new Set(query.data?.organization_ids ?? []);
}

/** 'Require MFA' for one organization: its users must enrol an authenticator before their next session. */
export function MfaRequirementToggle({ organization, required }: { organization: Organization; required: boolean }) {
  const utils = trpc.useUtils();
  const set = trpc.mfa.setRequirement.useMutation({ onSuccess: () => utils.mfa.requirements.invalidate() });
  return (
    <label className="flex items-center gap-2 text-sm text-slate-600">
      <input
        type="checkbox"
        checked={required}
        disabled={set.isPending}
        onChange={(event) => set.mutate({ id: organization.id, require_mfa: event.target.checked })}
        aria-label={`Require MFA for ${organization.name}`}
        className="h-4 w-4 rounded border-slate-300 accent-indigo-600"
      />
      Require MFA
    </label>
  );
}
