import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { escapeMarkdown } from '@compliance/ai/assistant/format';
import { MarkdownView } from './markdown-view';

const render = (markdown: string) => renderToStaticMarkup(createElement(MarkdownView, { children: markdown }));

describe('answers rendered from Markdown', () => {
  it("links only to the app's own pages; any other address stays text", () => {
    const html = render('See [requirement 3.7](/requirements?id=3.7), [a site](https://attacker.example/) and https://attacker.example/x');
    expect(html).toContain('href="/requirements?id=3.7"');
    expect(html).not.toContain('href="https://attacker.example');
    expect(html).not.toContain('href="//');
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
