import { describe, expect, it } from 'vitest';
import { citedName } from './cited-name';

describe('citedName', () => {
  it('keeps a display name as given and writes a stored file name as words', () => {
    expect(citedName('Access Control Policy')).toBe('Access Control Policy');
    expect(citedName('access_control_policy_v2.pdf')).toBe('Access Control Policy v2');
    expect(citedName('edr_policy_export.txt')).toBe('EDR Policy Export');
    expect(citedName('SEC-2291.pdf')).toBe('SEC-2291');
    // A file's stem kept as the display name ('information-security-policy') is words too; a name with capitals stays.
    expect(citedName('information-security-policy')).toBe('Information Security Policy');
    expect(citedName('Wi-Fi Standard')).toBe('Wi-Fi Standard');
    // A file name with what it is of after a dash ('… - RTPI row') is cited without its extension.
    expect(citedName('risk_register_2024.xlsx - RTPI row')).toBe('Risk Register 2024 - RTPI Row');
    expect(citedName('Minutes 2024.03 - Board')).toBe('Minutes 2024.03 - Board');
  });

  it('cites a path by its file, keeping what a bracket after it adds', () => {
    expect(citedName('.github/workflows/build.yml (hp-client-portal)')).toBe('Build (hp-client-portal)');
    expect(citedName('infra/terraform/s3_backups.tf')).toBe('S3 Backups');
    expect(citedName('Runbook (v2)')).toBe('Runbook (v2)');
    expect(citedName('security.txt (www.northmouthport.gov.uk/.well-known/security.txt)')).toBe('Security');
  });

  it('leaves out a question or exclamation mark, which would end the sentence that cites the name', () => {
    expect(citedName('Email: RE: ASV scans?')).toBe('Email: RE: ASV scans');
    expect(citedName('Courier Help Centre - Why do we check?')).toBe('Courier Help Centre - Why do we check');
    expect(citedName('Stop! Think! Connect! poster')).toBe('Stop Think Connect poster');
  });
});
