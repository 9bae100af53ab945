import type { BadgeTone } from '../../components/badge';

/** Badge colour of an action: red for deletions, green for creations, blue for changes, grey otherwise. */
export function actionTone(action: string): BadgeTone {
  const name = action.toLowerCase();
  if (name.includes('delete') || name.includes('remove')) return 'red';
  if (name.includes('create') || name.includes('add')) return 'green';
  if (name.includes('update') || name.includes('edit')) return 'blue';
  return 'grey';
}

function isEmpty(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === 'object') return Object.keys(value).length === 0;
  return false;
}

/** The text of an entry's details: its message if it has one, else the details serialized, else '-'. */
export function detailsText(details: unknown): string {
  if (isEmpty(details)) return '-';
  if (typeof details === 'object' && !Array.isArray(details)) {
    const message = (details as Record<string, unknown>).message;
    if (!isEmpty(message)) return typeof message === 'string' ? message : JSON.stringify(message);
  }
  return typeof details === 'string' ? details : JSON.stringify(details);
}
