import { policyPlainText } from './policy-text';

export type PolicyFileExtension = 'txt' | 'md' | 'docx';

const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** The download name: the policy name with spaces replaced by underscores, plus the extension. */
export function policyFileName(policyName: string, extension: PolicyFileExtension): string {
  const base = policyName.trim().replace(/[\\/:*?"<>|]/g, '').replace(/\s/g, '_') || 'policy';
  return `${base}.${extension}`;
}

function saveBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * Saves the policy as a file, built in the browser with no call (spec section 7): MD is the Markdown
 * itself, TXT is plain text with the Markdown markup removed (policy-text); DOCX is built by
 * policy-docx, loaded on first use so the Word library stays out of the main bundle.
 */
export async function downloadPolicy(policyName: string, content: string, extension: PolicyFileExtension): Promise<void> {
  const fileName = policyFileName(policyName, extension);
  if (extension === 'docx') {
    const { buildPolicyDocx } = await import('./policy-docx');
    saveBlob(new Blob([await buildPolicyDocx(content, policyName)], { type: DOCX_TYPE }), fileName);
    return;
  }
  if (extension === 'md') {
    saveBlob(new Blob([content], { type: 'text/markdown;charset=utf-8' }), fileName);
    return;
  }
  saveBlob(new Blob([policyPlainText(content)], { type: 'text/plain;charset=utf-8' }), fileName);
}
