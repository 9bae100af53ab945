import { type FormEvent, useId, useState } from 'react';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, passwordLength } from '@compliance/contracts/password-length';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { failureMessage } from '../../components/error-detail';
import { PasswordField } from '../../components/form-field';
import { trpc } from '../../lib/trpc';

type Field = 'current' | 'next' | 'confirm';
const EMPTY: Record<Field, string> = { current: '', next: '', confirm: '' };

function validate(values: Record<Field, string>): Partial<Record<Field, string>> {
  const errors: Partial<Record<Field, string>> = {};
  if (!values.current) errors.current = 'Please enter your current password';
  if (passwordLength(values.next) < PASSWORD_MIN_LENGTH) errors.next = `New password must be at least ${PASSWORD_MIN_LENGTH} characters`;
  else if ([...values.next].length > PASSWORD_MAX_LENGTH) errors.next = `New password must be at most ${PASSWORD_MAX_LENGTH} characters`;
  if (!errors.next && values.confirm !== values.next) errors.confirm = 'The new passwords do not match';
  return errors;
}

const count = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/**
 * The signed-in user's own password: the current one, the new one twice. On success every other
 * session and every API token of the user ends; this browser stays signed in.
 */
export function ChangePasswordCard() {
  const headingId = useId();
  const utils = trpc.useUtils();
  const change = trpc.auth.changePassword.useMutation();
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  function set(field: Field, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setMessage(null);
    const found = validate(values);
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    try {
      const result = await change.mutateAsync({ current_password: values.current, new_password: values.next });
      setValues(EMPTY);
      setMessage({
        tone: 'success',
        text: `Password changed. ${count(result.sessions_ended, 'other session')} and ${count(result.tokens_revoked, 'API token')} were ended; this browser stays signed in.`,
      });
      await utils.tokens.list.invalidate();
    } catch (e) {
      setMessage({ tone: 'error', text: failureMessage(e, 'Could not change the password. Please try again.') });
    }
  }

  const length = passwordLength(values.next);
  return (
    <Card className="p-5">
      <section aria-labelledby={headingId}>
        <h2 id={headingId} className="mb-1 text-base font-semibold text-slate-900">
          Change password
        </h2>
        <p className="mb-4 text-sm text-slate-600">
          Changing it signs you out everywhere else and revokes your API tokens. A few unrelated words make a strong password.
        </p>
        <form onSubmit={onSubmit} noValidate className="max-w-md space-y-4">
          {message && (
            <Alert tone={message.tone} onDismiss={() => setMessage(null)}>
              {message.text}
            </Alert>
          )}
          <PasswordField id="current-password" label="Current password" autoComplete="current-password" value={values.current} error={errors.current} onChange={(e) => set('current', e.target.value)} />
          <PasswordField
            id="new-password"
            label="New password"
            autoComplete="new-password"
            hint={`${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters of any kind; common or breached passwords are refused.${values.next ? ` Now ${length}.` : ''}`}
            value={values.next}
            error={errors.next}
            onChange={(e) => set('next', e.target.value)}
          />
          <PasswordField id="confirm-password" label="Repeat new password" autoComplete="new-password" value={values.confirm} error={errors.confirm} onChange={(e) => set('confirm', e.target.value)} />
          <Button type="submit" disabled={change.isPending} className="w-full sm:w-auto">
            {change.isPending ? 'Changing...' : 'Change password'}
          </Button>
        </form>
      </section>
    </Card>
  );
}
