import mammoth from 'mammoth';
import { describe, expect, it } from 'vitest';
import { buildPolicyDocx } from './policy-docx';
import { policyFileName } from './policy-downloads';

const SAMPLE = [
  '# Access Control Policy',
  '',
  '**Document Control**',
  '',
  '## 1. Purpose',
  'This policy sets how **Acme Hospitals** grants and reviews access to `production` systems.',
  '',
  '### 1.1 Scope',
  'It applies to *all* workforce members. See [the handbook](https://example.com/handbook).',
  '- Accounts are reviewed every quarter.',
  '- Shared accounts are prohibited.',
  '',
  '| ID | Requirement | NIST 800-53 rev 5 |',
  '|----|-------------|-------------------|',
  '| REQ-001 | Unique user identifiers | AC-2, IA-2 |',
  '',
  '---',
  'Raw <b>html</b> stays text.',
].join('\n');

async function toHtml(markdown: string): Promise<string> {
  const bytes = await buildPolicyDocx(markdown, 'Access Control Policy');
  const result = await mammoth.convertToHtml({ buffer: Buffer.from(bytes) });
  return result.value;
}

describe('buildPolicyDocx', () => {
  it('produces a Word document (a zip)', async () => {
    const bytes = Buffer.from(await buildPolicyDocx(SAMPLE));
    expect(bytes.length).toBeGreaterThan(1000);
    expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
  });

  it('turns #, ## and ### lines into headings 1, 2 and 3', async () => {
    const html = await toHtml(SAMPLE);
    expect(html).toContain('<h1>Access Control Policy</h1>');
    expect(html).toContain('<h2>1. Purpose</h2>');
    expect(html).toContain('<h3>1.1 Scope</h3>');
  });

  it('turns a line wholly in double asterisks into a heading', async () => {
    const html = await toHtml(SAMPLE);
    expect(html).toMatch(/<h\d>Document Control<\/h\d>/);
    expect(html).not.toContain('**');
  });

  it('keeps other lines as paragraphs with inline markers turned into formatting', async () => {
    const html = await toHtml(SAMPLE);
    expect(html).toContain(
      '<p>This policy sets how <strong>Acme Hospitals</strong> grants and reviews access to production systems.</p>',
    );
    expect(html).toContain('<p>It applies to <em>all</em> workforce members. See the handbook (https://example.com/handbook).</p>');
    expect(html).toContain('<li>Accounts are reviewed every quarter.</li>');
    expect(html).toContain('<p>Raw &lt;b&gt;html&lt;/b&gt; stays text.</p>');
  });

  it('turns Markdown table rows into a table and drops the separator row', async () => {
    const html = await toHtml(SAMPLE);
    expect(html).toContain('<th><p><strong>Requirement</strong></p></th>');
    expect(html).toContain('<tbody><tr><td><p>REQ-001</p></td><td><p>Unique user identifiers</p></td><td><p>AC-2, IA-2</p></td></tr></tbody>');
    expect(html).not.toContain('----');
  });

  it('keeps an escaped pipe inside its table cell', async () => {
    const html = await toHtml('| Statement | NIST 800-53 rev 5 |\n| --- | --- |\n| 4.2.1 | AC-17\\|X |');
    expect(html).toContain('<td><p>4.2.1</p></td><td><p>AC-17|X</p></td>');
  });

  it('keeps blank lines as blank paragraphs', async () => {
    const bytes = await buildPolicyDocx('First\n\n\nSecond');
    const { value } = await mammoth.extractRawText({ buffer: Buffer.from(bytes) });
    expect(value).toBe('First\n\n\n\n\n\nSecond\n\n');
  });
});

describe('policyFileName', () => {
  it('replaces spaces with underscores and adds the extension', () => {
    expect(policyFileName('Access Control Policy', 'txt')).toBe('Access_Control_Policy.txt');
    expect(policyFileName('Business Continuity and Disaster Recovery Policy', 'docx')).toBe(
      'Business_Continuity_and_Disaster_Recovery_Policy.docx',
    );
    expect(policyFileName('Incident Response Policy', 'md')).toBe('Incident_Response_Policy.md');
  });

  it('drops characters no file system accepts and never answers an empty name', () => {
    expect(policyFileName('A/B: Policy?', 'md')).toBe('AB_Policy.md');
    expect(policyFileName('   ', 'txt')).toBe('policy.txt');
  });
});
