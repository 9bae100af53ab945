import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { escapeMarkdown } from '@compliance/ai/assistant/format';
import { MarkdownView, isAppPath } from './markdown-view';

// App links are router links, so the view is rendered inside a router as in the app.
const render = (markdown: string) => renderToStaticMarkup(createElement(MemoryRouter, null, createElement(MarkdownView, { children: markdown })));

describe('answers rendered from Markdown', () => {
  it("links only to the app's own pages; any other address stays text", () => {
    const html = render('See [requirement 3.7](/requirements?id=3.7), [a site](https://attacker.example/) and https://attacker.example/x');
    expect(html).toContain('href="/requirements?id=3.7"');
    expect(html).not.toContain('href="https://attacker.example');
    expect(html).not.toContain('href="//');
  });

  it('links the three kinds of page an answer points to', () => {
    const html = render(
      '[3.4](/requirements?search=3.4), [policy](/evidence?search=Access%20Control%20Policy) and [msa](/contracts?search=msa%202026.pdf)',
    );
    expect(html).toContain('href="/requirements?search=3.4"');
    expect(html).toContain('href="/evidence?search=Access%20Control%20Policy"');
    expect(html).toContain('href="/contracts?search=msa%202026.pdf"');
  });

  it('treats only a single-slash path as an app path', () => {
    for (const href of ['/requirements?search=3.4', '/evidence?search=a%20b', '/']) expect(isAppPath(href), href).toBe(true);
    const foreign = ['//attacker.example/', '/\\attacker.example', '/\\/attacker.example', 'https://attacker.example', 'javascript:alert(1)', 'requirements', '/a\tb', '/a\nb', '', undefined];
    for (const href of foreign) expect(isAppPath(href), String(href)).toBe(false);
    // In Markdown a backslash in an address is encoded (%5C), so it never reaches the browser as one.
    expect(render('[x](/\\attacker.example/)')).not.toMatch(/href="\/(?:\/|\\)/);
  });

  it('never turns an image into a fetch: it shows the description', () => {
    const html = render('Evidence: ![tracking pixel](https://attacker.example/p.png)');
    expect(html).not.toContain('<img');
    expect(html).not.toContain('attacker.example');
    expect(html).toContain('[image: tracking pixel]');
  });

  it('keeps a hostile document name as plain text once escaped', () => {
    const name = '![x](https://attacker.example/p.png) [click](https://attacker.example/) <b>bold</b> **loud**';
    const html = render(`**${escapeMarkdown(name)}** supports 3 requirements`);
    expect(html).not.toMatch(/<img|<a |<b>/);
    const text = html.replace(/<[^>]+>/g, '');
    expect(text).toContain('![x](https://attacker.example/p.png) [click](https://attacker.example/) &lt;b&gt;bold&lt;/b&gt; **loud**');
  });
});
