import { Button } from '../../components/button';
import { Icon } from '../../layout/nav-icons';

type ReportKind = 'executive-summary' | 'gap-analysis';

/** The PDF export of the current tenant (the server uses the session's tenant), for the chosen frameworks. */
export function exportUrl(kind: ReportKind, frameworks: readonly string[]): string {
  const query = frameworks.length ? `?${new URLSearchParams({ frameworks: frameworks.join(',') })}` : '';
  return `/api/reports/export/${kind}${query}`;
}

/** 'Executive Summary PDF' and 'Gap Analysis PDF', each opened in a new window. */
export function ExportButtons({ frameworks, disabled }: { frameworks: readonly string[]; disabled?: boolean }) {
  return (
    <>
      <Button variant="secondary" disabled={disabled} onClick={() => window.open(exportUrl('executive-summary', frameworks), '_blank')}>
        <Icon name="document" className="h-4 w-4" />
        Executive Summary PDF
      </Button>
      <Button variant="secondary" disabled={disabled} onClick={() => window.open(exportUrl('gap-analysis', frameworks), '_blank')}>
        <Icon name="document" className="h-4 w-4" />
        Gap Analysis PDF
      </Button>
    </>
  );
}
