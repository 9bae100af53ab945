// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { RoutePage, lazyPage } from './lazy-page';
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
    const page = lazyPage(() => new Promise<{ AuditPage: () => ReactElement }>((r) => (resolve = r)), 'AuditPage');
    render(
      <Screen title="Audit Logs">
        <RoutePage page={page} />
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
    const page = lazyPage(async () => {
      loads += 1;
      return { P: PlainPage };
    }, 'P');
    await Promise.all([page.preload(), page.preload()]);
    render(
      <Screen title="P">
        <RoutePage page={page} />
      </Screen>,
    );
    expect(await screen.findByText('page')).toBeTruthy();
    expect(loads).toBe(1);
  });

  it('renders a page whose chunk has arrived at once, without its loading skeleton in between', async () => {
    const page = lazyPage(async () => ({ P: PlainPage }), 'P');
    await page.preload();
    render(
      <Screen title="P">
        <RoutePage page={page} />
      </Screen>,
    );
    expect(screen.getByText('page')).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });
});
