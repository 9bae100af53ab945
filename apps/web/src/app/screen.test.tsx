// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { lazyPage } from './lazy-page';
import { Screen } from './screen';

afterEach(cleanup);


function AuditHeading() {
  return <h1>Audit Logs</h1>;
}

function PlainPage() {
  return <p>page</p>;
}

describe('Screen', () => {
  it('shows a labelled skeleton while the page loads, then the page, under its own document title', async () => {
    let resolve!: (module: { AuditPage: () => ReactElement }) => void;
    const Page = lazyPage(() => new Promise<{ AuditPage: () => ReactElement }>((r) => (resolve = r)), 'AuditPage');
    render(
      <Screen title="Audit Logs">
        <Page />
      </Screen>,
    );
    expect(document.title).toBe('Audit Logs · Compliance Platform');
    expect(screen.getByRole('status').textContent).toBe('Loading Audit Logs...');
    resolve({ AuditPage: AuditHeading });
    expect(await screen.findByRole('heading', { name: 'Audit Logs' })).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('downloads a page once however often it is preloaded', async () => {
    let loads = 0;
    const Page = lazyPage(async () => {
      loads += 1;
      return { P: PlainPage };
    }, 'P');
    await Promise.all([Page.preload(), Page.preload()]);
    render(
      <Screen title="P">
        <Page />
      </Screen>,
    );
    expect(await screen.findByText('page')).toBeTruthy();
    expect(loads).toBe(1);
  });
});
