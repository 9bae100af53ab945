#!/usr/bin/env node
// Prints the catalog's coverage figures per framework and per domain.
//
//   npx tsx packages/catalog/scripts/coverage-report.mjs          (or: npm run coverage -w @compliance/catalog)
//   npx tsx packages/catalog/scripts/coverage-report.mjs --json   (machine-readable)
//
// Runs under tsx because it imports the TypeScript sources directly. Needs nothing outside the package.
import { CATALOG_VERSION, catalogRequirements } from '../src/catalog.ts';
import { computeCatalogCoverage } from '../src/coverage.ts';
import { DOMAINS } from '../src/domains.ts';

const coverage = computeCatalogCoverage();

if (process.argv.includes('--json')) {
  console.log(JSON.stringify({ version: CATALOG_VERSION, ...coverage }, null, 2));
  process.exit(0);
}

const pct = (covered, total) => `${((100 * covered) / total).toFixed(1)}%`;
const line = (label, figure) =>
  `  ${label.padEnd(42)} ${`${figure.covered}/${figure.total}`.padStart(8)}  ${pct(figure.covered, figure.total).padStart(6)}` +
  (figure.missing.length > 0 && figure.missing.length <= 20 ? `  missing: ${figure.missing.join(', ')}` : '');

console.log(`Unified control catalog ${CATALOG_VERSION}: ${catalogRequirements.length} requirements\n`);

console.log('Coverage');
console.log(line('ISO 27001:2022 Annex A controls', coverage.isoAnnexA));
console.log(line('ISO 27001:2022 clauses (4-10)', coverage.isoClauses));
console.log(line('HIPAA Security Rule standards', coverage.hipaaStandards));
console.log(line('HIPAA implementation specifications', coverage.hipaaImplementationSpecifications));
console.log(line('PCI DSS 4.0 principal requirements', coverage.pciPrincipalRequirements));
console.log(line('PCI DSS 4.0 requirements (x.y.z, x.y.z.n)', coverage.pciRequirements));
console.log(line('CIS Controls v8.1 safeguards', coverage.cisSafeguards));

console.log('\nPer framework (requirements that belong / distinct ids used)');
for (const [framework, count] of Object.entries(coverage.requirementsPerFramework)) {
  console.log(`  ${framework.padEnd(38)} ${String(count).padStart(4)} requirements  ${String(coverage.distinctIdsPerFramework[framework]).padStart(4)} distinct ids`);
}

console.log('\nPer domain');
for (const domain of DOMAINS) {
  console.log(`  ${String(domain.number).padStart(2)}. ${domain.name.padEnd(42)} ${String(coverage.perDomain[domain.number] ?? 0).padStart(3)}`);
}

const unknown = Object.entries(coverage.unknownIds).filter(([, ids]) => ids.length > 0);
if (unknown.length > 0) {
  console.log('\nUNKNOWN IDENTIFIERS');
  for (const [framework, ids] of unknown) console.log(`  ${framework}: ${ids.join(', ')}`);
  process.exitCode = 1;
}
