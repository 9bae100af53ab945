import { describe, expect, it } from 'vitest';
import { detectMarker } from './clause-numbering';
import { isHeadingText, segmentText } from './segmenter';

function clauses(text: string) {
  return segmentText(text).segments.map((s) => [s.kind, s.clause, s.text]);
}

describe('detectMarker', () => {
  it('recognises the numbering styles of contracts', () => {
    expect(detectMarker('7.2 The Supplier shall')).toMatchObject({ label: '7.2', style: 'numeric' });
    expect(detectMarker('12. GENERAL')).toMatchObject({ label: '12', style: 'numeric' });
    expect(detectMarker('(b) encryption of data')).toMatchObject({ label: 'b', style: 'paren' });
    expect(detectMarker('(iv) store credentials')).toMatchObject({ label: 'iv', style: 'paren' });
    expect(detectMarker('Section 4. Security')).toMatchObject({ label: '4', style: 'word', word: 'section' });
    expect(detectMarker('Article III – Obligations')).toMatchObject({ label: 'III', style: 'word', word: 'article' });
    expect(detectMarker('A.1 Business Associate shall')).toMatchObject({ label: 'A.1', style: 'letterNumber' });
    expect(detectMarker('a. Capitalised terms')).toMatchObject({ label: 'a', style: 'letterDot' });
    expect(detectMarker('- install unapproved software')).toMatchObject({ style: 'bullet' });
  });

  it('does not mistake quantities or years for clause numbers', () => {
    expect(detectMarker('24 x 2.5" SATA SSD')).toBeNull();
    expect(detectMarker('2025 was a good year')).toBeNull();
  });
});

describe('isHeadingText', () => {
  it('treats short unpunctuated lines and capitals as headings, sentences not', () => {
    expect(isHeadingText('INFORMATION SECURITY')).toBe(true);
    expect(isHeadingText('Network security')).toBe(true);
    expect(isHeadingText('The Supplier shall encrypt data.')).toBe(false);
    expect(isHeadingText('Supplier must comply')).toBe(false);
  });
});

describe('segmentText', () => {
  it('keeps every span exact and numbers list items under their clause', () => {
    const text = [
      '7. SECURITY',
      '7.2 The Supplier shall implement the following measures:',
      '(a) encryption of data at rest;',
      '(b) multi-factor authentication; and',
      '(c) logging of security events.',
      '7.3 The Supplier shall patch systems. This includes firmware.',
    ].join('\n');
    const { segments } = segmentText(text);
    for (const s of segments) expect(text.slice(s.start, s.end)).toBe(s.text);
    expect(clauses(text)).toEqual([
      ['heading', '7', 'SECURITY'],
      ['sentence', '7.2', 'The Supplier shall implement the following measures:'],
      ['item', '7.2(a)', 'encryption of data at rest;'],
      ['item', '7.2(b)', 'multi-factor authentication; and'],
      ['item', '7.2(c)', 'logging of security events.'],
      ['sentence', '7.3', 'The Supplier shall patch systems.'],
      ['sentence', '7.3', 'This includes firmware.'],
    ]);
    const lead = segments[1];
    expect(segments.filter((s) => s.kind === 'item').every((s) => s.leadIn === lead?.index)).toBe(true);
  });

  it('nests roman numerals under letters, and reads a first-level roman list as siblings', () => {
    const nested = clauses('4.1 The Provider shall:\n(a) first duty;\n(i) detail one;\n(ii) detail two;\n(b) second duty.');
    expect(nested.map((c) => c[1])).toEqual(['4.1', '4.1(a)', '4.1(a)(i)', '4.1(a)(ii)', '4.1(b)']);
    const flat = clauses('4.3 The Provider shall:\n(i) one;\n(ii) two;\n(iii) three.');
    expect(flat.map((c) => c[1])).toEqual(['4.3', '4.3(i)', '4.3(ii)', '4.3(iii)']);
  });

  it('combines Article and Section numbering, and resets at a schedule', () => {
    const text = 'Article III – Obligations\nSection 1. The Processor shall keep records.\nSCHEDULE 2 – SECURITY\n1.1 The Processor shall encrypt data.';
    expect(clauses(text).map((c) => c[1])).toEqual(['III', 'III.1', null, '1.1']);
  });

  it('treats a short title-case first sentence as the block heading', () => {
    const { segments } = segmentText('12.1 Notices. All notices shall be sent by post to the registered office.');
    expect(segments[0]).toMatchObject({ kind: 'heading', text: 'Notices.' });
    expect(segments[1]).toMatchObject({ kind: 'sentence', heading: 'Notices' });
  });
});

describe('segmenter: tables, annexes and part numbers', () => {
  it('reads a tab-separated control table as rows: the id cell is the clause, the span is the requirement cell, the header and other cells are context', () => {
    const text = 'The Contractor shall meet the following requirements:\nID\tFamily\tRequirement\nSR-01\tAccess\tMulti-factor authentication for all remote access.\nSR-02\tLogging\tRetain audit logs for twelve months.\n';
    const rows = segmentText(text).segments.filter((s) => s.row && s.kind === 'item');
    expect(rows.map((r) => [r.clause, r.text, r.rowContext])).toEqual([
      ['SR-01', 'Multi-factor authentication for all remote access.', 'ID Family Requirement Access'],
      ['SR-02', 'Retain audit logs for twelve months.', 'ID Family Requirement Logging'],
    ]);
    for (const row of rows) expect(text.slice(row.start, row.end)).toBe(row.text);
  });

  it("prefixes a roman-numbered annex's decimal clauses with its number, and reads part-numbered clauses", () => {
    const annex = segmentText('ANNEX II – TECHNICAL AND ORGANISATIONAL MEASURES\n2.1 Production access requires multi-factor authentication.\n');
    expect(annex.segments.find((s) => s.kind !== 'heading')?.clause).toBe('II.2.1');
    expect(annex.segments.find((s) => s.kind !== 'heading')?.annex).toMatch(/TECHNICAL AND ORGANISATIONAL MEASURES/);
    const written = segmentText('ANNEX II - TECHNICAL AND ORGANISATIONAL MEASURES\nII.1 Organisation of information security\nII.1.1 The SIEM is watched around the clock.\n');
    expect(written.segments.map((s) => [s.kind, s.clause, s.text])).toEqual([
      ['heading', null, 'ANNEX II - TECHNICAL AND ORGANISATIONAL MEASURES'],
      ['heading', 'II.1', 'Organisation of information security'],
      ['sentence', 'II.1.1', 'The SIEM is watched around the clock.'],
    ]);
    const exhibit = segmentText('EXHIBIT C – SECURITY REQUIREMENTS\n9.3 Supplier shall notify Meridale of a Cybersecurity Event within 72 hours.\n- Multi-factor authentication for remote access.\n');
    expect(exhibit.segments.filter((s) => s.kind !== 'heading').map((s) => s.clause)).toEqual(['9.3', '9.3']);
    const bullets = segmentText('ANNEX II - TECHNICAL AND ORGANISATIONAL MEASURES\n- Background checks for all staff.\n');
    expect(bullets.segments.find((s) => s.kind !== 'heading')?.clause).toBe('Annex II');
    const nested = segmentText('H.12 INFORMATION SECURITY\n(b) Safeguarding requirements.\n(1) The Contractor shall protect CUI.\n(2) The Contractor shall store CUI only in the United States.\n(c) Reporting.\n3. Vendor Obligations. Vendor agrees that it will:\na. use appropriate safeguards;\nPart A – Governance and People\n• A named Head of Information Security.\n');
    expect(nested.segments.filter((s) => s.kind !== 'heading').map((s) => s.clause)).toEqual(['H.12(b)', 'H.12(b)(1)', 'H.12(b)(2)', '3', '3(a)', 'A']);
    const glyphs = segmentText('2.4 The Supplier shall implement the following measures:\n\uF0B7 Multi-factor authentication for remote access;\n●Encryption of laptops.\n');
    expect(glyphs.segments.filter((s) => s.kind === 'item').map((s) => [s.clause, s.text])).toEqual([
      ['2.4', 'Multi-factor authentication for remote access;'],
      ['2.4', 'Encryption of laptops.'],
    ]);
    const longHeading = segmentText('2. Measures for ensuring ongoing confidentiality, integrity, availability and resilience of processing systems\n2.1 Production systems run in a segmented virtual private cloud.\n');
    expect(longHeading.segments.map((s) => s.clause)).toEqual(['2', '2.1']);
    const schedule = segmentText('E2.3 Encrypt Bank Data at rest using AES-256 or stronger.\nE2.4 Manage keys in a hardware security module.\n');
    expect(schedule.segments.map((s) => s.clause)).toEqual(['E2.3', 'E2.4']);
  });
});
