#!/usr/bin/env node
// Mapping review aid (maintainers only). For every requirement it derives crosswalk candidates with
// NIST SP 800-53 r5 as the hub and compares them with the catalog's hand-reviewed mappings:
//
//   CIS  <- CIS->800-53 (reverse, safeguards mapped to the requirement's NIST ids)
//   ISO  <- 800-53->ISO (NIST OLIR) and CIS->ISO (for the requirement's CIS safeguards)
//   HIPAA <- HIPAA->800-53 (SP 800-66r2, reverse)
//   PCI  <- PCI->800-53 via Adobe CCF (reverse; indirect and noisy, candidates only)
//
//   npx tsx packages/catalog/scripts/review-mappings.mjs [--key IAM-07] [--domain 3] [--summary] [sourcesDir]
//
// Per requirement it prints: ids the crosswalks support ("=" kept), ids added by review that no
// crosswalk reaches ("+"), and crosswalk candidates the review left out ("-"). It needs the catalog
// sources (default /work/shared/data/catalog-sources or $CATALOG_SOURCES); the product never runs it.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { catalogRequirements } from '../src/catalog.ts';

const args = process.argv.slice(2);
const flag = (name) => {
  const i = args.indexOf(name);
  return i >= 0 ? args.splice(i, 2)[1] : undefined;
};
const onlyKey = flag('--key');
const onlyDomain = flag('--domain');
const summaryOnly = args.includes('--summary');
const sourcesDir = path.resolve(
  args.find((a) => !a.startsWith('--')) ?? process.env.CATALOG_SOURCES ?? '/work/shared/data/catalog-sources',
);

function readCsv(file) {
  const [header, ...lines] = readFileSync(path.join(sourcesDir, file), 'utf8').trim().split(/\r?\n/);
  const columns = header.split(',');
  // The crosswalk files hold identifiers only, so no field is quoted.
  return lines.map((l) => Object.fromEntries(l.split(',').map((v, i) => [columns[i], v])));
}

function index(rows, from, to) {
  const map = new Map();
  for (const row of rows) {
    if (!map.has(row[from])) map.set(row[from], new Set());
    map.get(row[from]).add(row[to]);
  }
  return map;
}

const cisByNist = index(readCsv('map-cis-v8-to-nist-800-53r5.csv'), 'nist_800_53r5', 'cis_safeguard');
const isoByNist = index(readCsv('map-nist-800-53r5-to-iso27001-2022.csv'), 'nist_800_53r5', 'iso27001_2022');
const isoByCis = index(readCsv('map-cis-v8-to-iso27001-2022.csv'), 'cis_safeguard', 'iso27001_2022');
const hipaaByNist = index(readCsv('map-hipaa-to-nist-800-53r5.csv'), 'nist_800_53r5', 'hipaa_citation');
const pciByNist = index(readCsv('map-pci-dss-v4-to-nist-800-53r5-via-adobe-ccf.csv'), 'nist_800_53r5', 'pci_dss_v4');

const gather = (ids, ...maps) => {
  const out = new Set();
  for (const id of ids) for (const map of maps) for (const value of map.get(id) ?? []) out.add(value);
  return out;
};

const totals = {};
const tally = (framework, kept, added) => {
  totals[framework] ??= { kept: 0, added: 0 };
  totals[framework].kept += kept;
  totals[framework].added += added;
};

for (const req of catalogRequirements) {
  const nist = req.mappings['NIST 800-53 rev 5'];
  const cis = req.mappings['CIS Controls v8.1'];
  const candidates = {
    'CIS Controls v8.1': gather(nist, cisByNist),
    'ISO 27001': new Set([...gather(nist, isoByNist), ...gather(cis, isoByCis)]),
    HIPAA: gather(nist, hipaaByNist),
    'PCI DSS 4.0': gather(nist, pciByNist),
  };
  const lines = [];
  for (const [framework, candidateSet] of Object.entries(candidates)) {
    const mapped = req.mappings[framework];
    // A PCI candidate at section level (x.y) supports the requirements under it (x.y.z, x.y.z.n).
    const supported = (id) => candidateSet.has(id) || (framework === 'PCI DSS 4.0' && candidateSet.has(id.split('.').slice(0, 2).join('.')));
    const kept = mapped.filter(supported);
    const added = mapped.filter((id) => !supported(id));
    const dropped = [...candidateSet].filter((id) => !mapped.some((m) => m === id || m.startsWith(`${id}.`)));
    tally(framework, kept.length, added.length);
    if (kept.length + added.length + dropped.length === 0) continue;
    const parts = [kept.length ? `= ${kept.join(' ')}` : '', added.length ? `+ ${added.join(' ')}` : '', dropped.length ? `- ${dropped.join(' ')}` : ''];
    lines.push(`    ${framework.padEnd(18)} ${parts.filter(Boolean).join('   ')}`);
  }
  if (summaryOnly || (onlyKey && req.key !== onlyKey) || (onlyDomain && String(req.domain_number) !== onlyDomain)) continue;
  console.log(`${req.key}  NIST ${nist.join(' ') || '(none)'}`);
  console.log(`    ${req.text}`);
  for (const l of lines) console.log(l);
}

console.log('\nMapped ids supported by a crosswalk (=) vs added by review (+)');
for (const [framework, { kept, added }] of Object.entries(totals)) {
  const all = kept + added;
  console.log(`  ${framework.padEnd(18)} ${kept}/${all} supported (${all ? ((100 * kept) / all).toFixed(0) : 0}%), ${added} added by review`);
}
