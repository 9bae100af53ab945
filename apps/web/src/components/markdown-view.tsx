import type { ComponentProps } from 'react';
import Markdown, { type Components } from 'react-markdown';
import { Link } from 'react-router-dom';
import remarkGfm from 'remark-gfm';

const PLUGINS = [remarkGfm];
const LINK_CLASS = 'font-medium text-indigo-700 underline';

/**
 * A path of the app itself ('/requirements?search=3.4'): one leading '/', never '//' or a backslash
 * (which browsers read as another host), no spaces or control characters.
 */
export function isAppPath(href: string | undefined): href is string {
  return !!href && /^\/(?![/\\])[^\\\s\u0000-\u001f\u007f]*$/.test(href);
}

/**
 * Links only within the app, followed without reloading the page; any other address (from a document
 * or an answer) is shown as text, never followed. The server's own addresses (/api/..., a download)
 * are loaded by the browser.
 */
function MarkdownLink({ href, children, ...props }: ComponentProps<'a'>) {
  if (!isAppPath(href)) return <span className="text-slate-700">{children}</span>;
  if (href.startsWith('/api/')) {
    return (
      <a className={LINK_CLASS} href={href} {...props}>
        {children}
      </a>
    );
  }
  return (
    <Link className={LINK_CLASS} to={href} {...props}>
      {children}
    </Link>
  );
}

/**
 * Element styles (the app has no typography plugin). `compact` is for chat bubbles: the same
 * structure with smaller headings and tighter spacing.
 */
function components(compact: boolean): Components {
  const heading = compact
    ? { h1: 'text-base font-semibold', h2: 'text-sm font-semibold', h3: 'text-sm font-semibold' }
    : {
        h1: 'text-2xl font-bold tracking-tight text-slate-900',
        h2: 'mt-8 border-b border-slate-200 pb-1 text-xl font-semibold text-slate-900',
        h3: 'mt-6 text-base font-semibold text-slate-900',
      };
  return {
    h1: ({ node: _node, ...props }) => <h1 className={heading.h1} {...props} />,
    h2: ({ node: _node, ...props }) => <h2 className={heading.h2} {...props} />,
    h3: ({ node: _node, ...props }) => <h3 className={heading.h3} {...props} />,
    h4: ({ node: _node, ...props }) => <h4 className="text-sm font-semibold text-slate-900" {...props} />,
    p: ({ node: _node, ...props }) => <p className="leading-relaxed" {...props} />,
    ul: ({ node: _node, ...props }) => <ul className="list-disc space-y-1 pl-5" {...props} />,
    ol: ({ node: _node, ...props }) => <ol className="list-decimal space-y-1 pl-5" {...props} />,
    li: ({ node: _node, ...props }) => <li className="pl-0.5 leading-relaxed" {...props} />,
    a: ({ node: _node, ...props }) => <MarkdownLink {...props} />,
    blockquote: ({ node: _node, ...props }) => <blockquote className="border-l-4 border-indigo-200 pl-3 text-slate-600" {...props} />,
    hr: () => <hr className="border-slate-200" />,
    // Never fetch an image named in an answer or a document: show its description instead.
    img: ({ alt }) => <span className="text-slate-500">{alt ? `[image: ${alt}]` : '[image]'}</span>,
    code: ({ node: _node, ...props }) => <code className="rounded bg-slate-100 px-1 py-0.5 font-mono text-[0.85em]" {...props} />,
    pre: ({ node: _node, ...props }) => <pre className="overflow-x-auto rounded-lg bg-slate-100 p-3 text-xs" {...props} />,
    table: ({ node: _node, ...props }) => (
      <div className="overflow-x-auto">
        <table className="min-w-full border-collapse text-left text-xs" {...props} />
      </div>
    ),
    thead: ({ node: _node, ...props }) => <thead className="bg-slate-50" {...props} />,
    th: ({ node: _node, ...props }) => <th className="border border-slate-200 px-2 py-1.5 font-semibold text-slate-700" {...props} />,
    td: ({ node: _node, ...props }) => <td className="border border-slate-200 px-2 py-1.5 align-top" {...props} />,
  };
}

const FULL = components(false);
const COMPACT = components(true);

/**
 * Markdown (with GitHub tables and lists) rendered as React elements. Raw HTML in the text is never
 * interpreted (no rehype-raw), links lead only to the app's own pages (any other address stays text), and
 * images are shown as their description, never fetched.
 */
export function MarkdownView({ children, compact = false, className = '' }: { children: string; compact?: boolean; className?: string }) {
  return (
    <div className={`${compact ? 'space-y-2' : 'space-y-3'} text-sm text-slate-800 ${className}`}>
      <Markdown remarkPlugins={PLUGINS} components={compact ? COMPACT : FULL}>
        {children}
      </Markdown>
    </div>
  );
}
