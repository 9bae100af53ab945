import type { Migration } from 'kysely';
import * as identity from './0001-identity';
import * as complianceState from './0002-compliance-state';
import * as documentsJobs from './0003-documents-jobs';
import * as access from './0004-access';
import * as contractParties from './0005-contract-parties';
import * as documentPassages from './0006-document-passages';
import * as passwordReset from './0007-password-reset';
import * as tokenExpiry from './0008-token-expiry';
import * as jobParseCrashes from './0009-job-parse-crashes';
import * as requirementDueDates from './0010-requirement-due-dates';
import * as evidenceLifecycle from './0011-evidence-lifecycle';
import * as aiReview from './0012-ai-review';
import * as dailyMetrics from './0013-daily-metrics';
import * as tenantAccessRole from './0014-tenant-access-role';
import * as requirementListOrder from './0015-requirement-list-order';
import * as jobNotifications from './0016-job-notifications';
import * as parallelSafeScope from './0017-parallel-safe-scope';
import * as contractRequirementCounts from './0018-contract-requirement-counts';
import * as reportChangeNotifications from './0019-report-change-notifications';

/** Every migration, in order. Names are stable: they are recorded in kysely_migration. */
export const migrations: Record<string, Migration> = {
  '0001-identity': identity,
  '0002-compliance-state': complianceState,
  '0003-documents-jobs': documentsJobs,
  '0004-access': access,
  '0005-contract-parties': contractParties,
  '0006-document-passages': documentPassages,
  '0007-password-reset': passwordReset,
  '0008-token-expiry': tokenExpiry,
  '0009-job-parse-crashes': jobParseCrashes,
  '0010-requirement-due-dates': requirementDueDates,
  '0011-evidence-lifecycle': evidenceLifecycle,
  '0012-ai-review': aiReview,
  '0013-daily-metrics': dailyMetrics,
  '0014-tenant-access-role': tenantAccessRole,
  '0015-requirement-list-order': requirementListOrder,
  '0016-job-notifications': jobNotifications,
  '0017-parallel-safe-scope': parallelSafeScope,
  '0018-contract-requirement-counts': contractRequirementCounts,
  '0019-report-change-notifications': reportChangeNotifications,
};
