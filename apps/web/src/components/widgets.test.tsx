// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Dialog } from './dialog';
import { DropZone } from './drop-zone';
import { TextField } from './form-field';
import { PageSkeleton } from './page-skeleton';
import { ProgressBar } from './progress-bar';
import { ScrollRegion } from './scroll-region';

afterEach(cleanup);

const file = (name: string) => new File(['x'], name, { type: 'application/pdf' });

describe('ProgressBar', () => {
  it('exposes the percent and the stage to assistive technology', () => {
    render(<ProgressBar label="Upload of policy.pdf" progress={{ percent: 40, stage: 'Extracting text' }} />);
    const bar = screen.getByRole('progressbar', { name: 'Upload of policy.pdf' });
    expect(bar.getAttribute('aria-valuenow')).toBe('40');
    expect(bar.getAttribute('aria-valuetext')).toBe('40% · Extracting text');
    expect(screen.getByRole('status').textContent).toBe('Extracting text');
    expect(screen.getByText('40%')).toBeTruthy();
  });
});

describe('DropZone', () => {
  it('hands over the files picked in its labelled input', () => {
    const onFiles = vi.fn();
    render(<DropZone label="Evidence files" multiple onFiles={onFiles}>Drop files</DropZone>);
    const input = screen.getByLabelText('Evidence files') as HTMLInputElement;
    expect(input.accept).toBe('.pdf,.docx,.doc,.xlsx,.xls');
    fireEvent.change(input, { target: { files: [file('a.pdf'), file('b.pdf')] } });
    expect(onFiles).toHaveBeenCalledTimes(1);
    expect(onFiles.mock.calls[0]![0].map((f: File) => f.name)).toEqual(['a.pdf', 'b.pdf']);
  });

  it('keeps only the first dropped file when it takes one, and ignores drops while disabled', () => {
    const onFiles = vi.fn();
    const { rerender } = render(<DropZone label="Contract" onFiles={onFiles}>Drop</DropZone>);
    const zone = screen.getByTestId('drop-zone');
    fireEvent.drop(zone, { dataTransfer: { files: [file('one.pdf'), file('two.pdf')] } });
    expect(onFiles.mock.calls[0]![0].map((f: File) => f.name)).toEqual(['one.pdf']);
    rerender(<DropZone label="Contract" disabled onFiles={onFiles}>Drop</DropZone>);
    fireEvent.drop(zone, { dataTransfer: { files: [file('three.pdf')] } });
    expect(onFiles).toHaveBeenCalledTimes(1);
    expect((screen.getByLabelText('Contract') as HTMLInputElement).disabled).toBe(true);
  });
});

describe('ScrollRegion', () => {
  it('is a labelled region that takes keyboard focus', () => {
    render(<ScrollRegion label="Users table"><table /></ScrollRegion>);
    const region = screen.getByRole('region', { name: 'Users table' });
    expect(region.tabIndex).toBe(0);
    region.focus();
    expect(document.activeElement).toBe(region);
  });
});

describe('PageSkeleton', () => {
  it('announces what is loading once, with the placeholders hidden from screen readers', () => {
    render(<PageSkeleton label="Loading Audit Logs..." />);
    const status = screen.getByRole('status');
    expect(status.textContent).toBe('Loading Audit Logs...');
  });
});

describe('TextField', () => {
  it('ties its label, hint and error to the input', () => {
    render(<TextField id="email" label="Email" hint="Work address" error="Enter an email address" required />);
    const input = screen.getByLabelText(/Email/);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-required')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toBe('email-hint email-error');
    expect(document.getElementById('email-error')?.textContent).toBe('Enter an email address');
  });

  it('is not marked invalid without an error', () => {
    render(<TextField id="name" label="Name" />);
    const input = screen.getByLabelText('Name');
    expect(input.getAttribute('aria-invalid')).toBeNull();
    expect(input.getAttribute('aria-describedby')).toBeNull();
  });
});

function DialogHarness({ busy = false }: { busy?: boolean }) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <button type="button">Behind</button>
      {open && (
        <Dialog title="Add user" onClose={() => setOpen(false)} busy={busy} footer={<button type="button">Save</button>}>
          <input aria-label="Username" />
        </Dialog>
      )}
    </>
  );
}

describe('Dialog', () => {
  it('is a labelled modal whose body is a focusable scroll region, and Escape closes it', () => {
    render(<DialogHarness />);
    const dialog = screen.getByRole('dialog', { name: 'Add user' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(screen.getByRole('region', { name: 'Add user content' }).tabIndex).toBe(0);
    expect(document.activeElement).toBe(screen.getByLabelText('Username'));
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('stays open on Escape and the close button while busy', () => {
    render(<DialogHarness busy />);
    const dialog = screen.getByRole('dialog', { name: 'Add user' });
    fireEvent.keyDown(dialog, { key: 'Escape' });
    fireEvent.click(screen.getByRole('button', { name: 'Close dialog', hidden: true }));
    expect(screen.getByRole('dialog', { name: 'Add user' })).toBeTruthy();
  });
});
