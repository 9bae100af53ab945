import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { buildDeeplyNestedDocx, buildManyPagesPdf, buildManyRowsXlsx, buildSharedStringXlsx, buildTinyParagraphsDocx } from '@compliance/documents/testing/hostile-files';
import { type HttpSession, probeHealth, uploadEvidence } from './server-process';

const fixtures = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../packages/documents/fixtures');

/** The crafted uploads of issue 14 (finding 1), and what the failed job must tell the uploader. */
export function hostileUploads(): { filename: string; content: Buffer; message: RegExp }[] {
  return [
    { filename: 'shared-string-amplification.xlsx', content: buildSharedStringXlsx(), message: /^The document contains more than 2,000,000 characters of text/ },
    { filename: 'tiny-paragraphs-190mb.docx', content: buildTinyParagraphsDocx(), message: /^This file is too large or complex to read safely \(it has more than 200,000 paragraphs\)/ },
    { filename: 'deeply-nested.docx', content: buildDeeplyNestedDocx(), message: /^This file is too large or complex to read safely \(its XML is nested more than 256 levels deep\)/ },
    { filename: 'many-rows.xlsx', content: buildManyRowsXlsx(), message: /^This file is too large or complex to read safely \(it has more than 200,000 rows\)/ },
    { filename: 'many-pages.pdf', content: buildManyPagesPdf(), message: /^The PDF has 200,000 pages; the maximum is 1,000/ },
  ];
}

/**
 * Uploads every hostile file (waiting for its analysis, as REST does by default) while `healthUrls` are
 * asked every 50 ms: each upload must end as a failed job (422) with its message, and no health answer may
 * take 200 ms or fail. Then an ordinary file is analysed as usual (outside the probing: the local AI
 * engine's own analysis is not what is measured here).
 */
export async function expectHostileUploadsFailAlone(baseUrl: string, session: HttpSession, healthUrls: string[], options: { timeHealth: boolean } = { timeHealth: true }): Promise<void> {
  const uploads = hostileUploads();
  const probes = healthUrls.map((url) => probeHealth(url));
  try {
    for (const upload of uploads) {
      const answer = await uploadEvidence(baseUrl, session, upload.filename, upload.content);
      expect({ file: upload.filename, status: answer.status }).toEqual({ file: upload.filename, status: 422 });
      expect(answer.body.detail).toMatch(upload.message);
    }
  } finally {
    for (const [index, probe] of probes.entries()) {
      const result = await probe.stop();
      if (options.timeHealth) expect({ url: healthUrls[index], lateAt: result.lateAt }).toEqual({ url: healthUrls[index], lateAt: [] });
      expect(result.probes).toBeGreaterThan(10);
    }
  }
  const ordinary = await uploadEvidence(baseUrl, session, 'contract.docx', readFileSync(path.join(fixtures, 'contract.docx')));
  expect(ordinary.status).toBe(200);
}
