import { describe, expect, it } from 'vitest';
import { badFolders, checkFile } from './check-house-rules';

describe('house rules', () => {
  it('refuses an import from another page folder of the web app, not one from its own page or components', () => {
    const file = 'apps/web/src/pages/contracts/contract-upload-card.tsx';
    expect(checkFile(file, "import { DropZone } from '../evidence/drop-zone';")).toEqual([
      { file, message: 'imports ../evidence/drop-zone from page "evidence": move what both pages use to apps/web/src/components' },
    ]);
    expect(checkFile(file, "import { DropZone } from '../../components/drop-zone';\nimport { x } from './contract-table';")).toEqual([]);
    expect(checkFile('apps/web/src/app/routes.tsx', "const Page = lazy(() => import('../pages/evidence/evidence-library-page'));")).toEqual([]);
  });

  it('refuses the server app in the web app', () => {
    const [violation] = checkFile('apps/web/src/lib/trpc.ts', "import type { AppRouter } from '@compliance/server/routers/app-router';");
    expect(violation?.message).toMatch(/take the router type from @compliance\/api/);
  });

  it('lets only repositories and tests import the system scope', () => {
    const line = "import { SYSTEM_SCOPE, withScope } from '@compliance/db/scope';";
    expect(checkFile('packages/domain/src/reports/report-service.ts', line)).toEqual([
      {
        file: 'packages/domain/src/reports/report-service.ts',
        message: 'uses SYSTEM_SCOPE: only repositories (*-repo.ts) may, in named unsafe… functions',
      },
    ]);
    expect(
      checkFile('apps/server/src/start.ts', "import * as scope from '@compliance/db/scope';\nwithScope(db, scope.SYSTEM_SCOPE, fn);"),
    ).toHaveLength(1);
    expect(checkFile('packages/domain/src/auth/session-service.ts', "import { withScope } from '@compliance/db/scope';")).toEqual([]);
    expect(checkFile('packages/domain/src/users/user-repo.ts', line)).toEqual([]);
    expect(checkFile('apps/server/test/helpers/factories.ts', line)).toEqual([]);
    expect(checkFile('packages/domain/src/users/user-service.test.ts', line)).toEqual([]);
  });

  it('lets only the procedure builders, the upload routes, the assistant tools and tests narrow a caller to a scope', () => {
    const line = "import { narrowToEditor } from '@compliance/domain/access/scopes';";
    expect(checkFile('apps/server/src/routers/requirements-router.ts', line)).toEqual([
      {
        file: 'apps/server/src/routers/requirements-router.ts',
        message: 'narrows a caller to a scope: only the procedure builders (apps/server/src/trpc/trpc.ts) may; take the scope instead',
      },
    ]);
    expect(checkFile('packages/domain/src/requirements/requirement-service.ts', "import { narrowToEditor } from '../access/scopes';")).toHaveLength(1);
    expect(checkFile('packages/domain/src/requirements/requirement-service.ts', "import type { EditorScope } from '../access/scopes';")).toEqual([]);
    expect(checkFile('apps/server/src/trpc/trpc.ts', line)).toEqual([]);
    expect(checkFile('apps/server/test/contract-parties.test.ts', line)).toEqual([]);
  });

  it('finds folder names that are not kebab-case', () => {
    expect(badFolders('apps/web/src/pages/auditLogs/page.tsx')).toEqual(['auditLogs']);
    expect(badFolders('.github/workflows/ci.yml')).toEqual([]);
    expect(badFolders('packages/db/src/migrations/0001-init.ts')).toEqual([]);
  });
});
