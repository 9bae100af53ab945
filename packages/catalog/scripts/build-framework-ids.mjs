#!/usr/bin/env node
// Regenerates the framework identifier lists in ../data from the catalog sources.
//
//   node packages/catalog/scripts/build-framework-ids.mjs [sourcesDir]
//
// sourcesDir defaults to /work/shared/data/catalog-sources (or $CATALOG_SOURCES). The generated JSON
// files are committed, so nothing at run time needs the sources folder.
//
// Copyright rule: CIS, ISO and PCI DSS are written as IDENTIFIERS ONLY (their titles and text are
// copyrighted). NIST SP 800-53 and HIPAA titles are public domain and are kept.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const dataDir = path.resolve(here, '../data');
const sourcesDir = path.resolve(process.argv[2] ?? process.env.CATALOG_SOURCES ?? '/work/shared/data/catalog-sources');

/** Minimal RFC 4180 CSV reader: quoted fields, doubled quotes, CRLF or LF. Returns objects keyed by header. */
function readCsv(file) {
  const text = readFileSync(path.join(sourcesDir, file), 'utf8').replace(/^\uFEFF/, '');
  const rows = [];
  let row = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += ch;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  const [header, ...body] = rows.filter((r) => r.length > 1 || r[0] !== '');
  return body.map((r) => Object.fromEntries(header.map((h, i) => [h, r[i] ?? ''])));
}

function expectCount(label, actual, expected) {
  if (actual !== expected) throw new Error(`${label}: expected ${expected}, found ${actual}`);
}

// CIS Controls: the 153 safeguard numbers (v8.1 keeps v8's numbering).
const cis = readCsv('cis-controls-v8-safeguards.csv')
  .filter((r) => r.level === 'safeguard')
  .map((r) => r.id);
expectCount('CIS safeguards', cis.length, 153);

// NIST SP 800-53 rev 5: active (not withdrawn) controls and enhancements, with their public-domain titles.
const nistJson = JSON.parse(readFileSync(path.join(sourcesDir, 'nist-800-53r5-controls.json'), 'utf8'));
const nistActive = nistJson.controls.filter((c) => !c.withdrawn);
expectCount('NIST active controls', nistActive.length, 1009);
const nist = nistActive.map((c) => c.id);
const nistTitles = Object.fromEntries(nistActive.map((c) => [c.id, c.full_name ?? c.title]));

// ISO/IEC 27001:2022: the 93 Annex A controls and the clause numbers 4 to 10.2 (no themes, no titles).
const isoRows = readCsv('iso27001-2022-controls.csv');
const isoAnnex = isoRows.filter((r) => r.kind === 'annex_a_control').map((r) => r.id);
const isoClauses = isoRows.filter((r) => r.kind === 'clause').map((r) => r.id);
expectCount('ISO Annex A controls', isoAnnex.length, 93);
expectCount('ISO clauses', isoClauses.length, 41);

// PCI DSS v4.0.1: every numbered item (principal requirement, section, requirement, sub-requirement); no titles.
const pci = readCsv('pci-dss-v4.0.1-requirements.csv').map((r) => r.id);
expectCount('PCI DSS ids', pci.length, 366);

// HIPAA Security Rule: 22 standards and 43 implementation specifications (public domain).
const hipaaRows = readCsv('hipaa-security-rule.csv');
expectCount('HIPAA citations', hipaaRows.length, 65);
expectCount('HIPAA standards', hipaaRows.filter((r) => r.kind === 'standard').length, 22);

const frameworkIds = {
  'CIS Controls v8.1': cis,
  'NIST 800-53 rev 5': nist,
  'ISO 27001': [...isoClauses, ...isoAnnex],
  'PCI DSS 4.0': pci,
  HIPAA: hipaaRows.map((r) => r.citation),
};

const hipaa = hipaaRows.map((r) => ({
  citation: r.citation,
  kind: r.kind,
  name: r.name,
  standard: r.standard,
  required_or_addressable: r.required_or_addressable,
}));

function write(file, value) {
  writeFileSync(path.join(dataDir, file), `${JSON.stringify(value, null, 1)}\n`);
  console.log(`wrote data/${file}`);
}

write('framework-ids.json', frameworkIds);
write('nist-800-53r5-titles.json', nistTitles);
write('hipaa-security-rule.json', hipaa);
