import { describe, expect, it } from 'vitest';
import { writeResponse } from './response-writer';

describe('writeResponse', () => {
  it('cites every evidence document and quotes only what they say', () => {
    const text = writeResponse({
      requirement: { text: 'Require multi-factor authentication for all remote access.' },
      evidence: [
        { name: 'Access Control Policy', excerpt: 'Multi-factor authentication is required for all remote access. The office has a kitchen.' },
        { name: 'Okta screenshot', excerpt: 'MFA required: Always. Factors: FIDO2 and Okta Verify.' },
      ],
    });
    expect(text).toContain('Access Control Policy');
    expect(text).toContain('Okta screenshot');
    expect(text).toContain('Multi-factor authentication is required for all remote access.');
    expect(text).toMatch(/^We address this requirement/);
  });

  it('says what is missing instead of inventing an answer when there is no evidence', () => {
    const text = writeResponse({ requirement: { text: 'Test backups quarterly.' }, evidence: [] });
    expect(text).toMatch(/No evidence is linked/);
    expect(text).toContain('test backups quarterly');
  });

  it('names a document once even if it is linked twice', () => {
    const text = writeResponse({
      requirement: { text: 'Encrypt data at rest.' },
      evidence: [
        { name: 'Crypto Standard', excerpt: 'All databases are encrypted with AES-256.' },
        { name: 'Crypto Standard', excerpt: 'Keys are rotated annually.' },
      ],
    });
    expect(text.match(/Crypto Standard:/g)).toHaveLength(1);
  });
});
