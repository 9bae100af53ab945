import { describe, expect, it } from 'vitest';
import { configurationDomainShares } from './configuration-domains';
import { attestsCompliance, genreDomain } from './evidence-domains';

const top = (shares: Float64Array) => shares.indexOf(Math.max(...shares.subarray(1)), 1);

describe('attestsCompliance', () => {
  it('counts SOC reports, audit reports and certificates of conformity', () => {
    expect(attestsCompliance('SOC 2 Report', 'Section IV')).toBe(true);
    expect(attestsCompliance('Audit Report', 'Finding 1')).toBe(true);
    expect(attestsCompliance('Certificate', 'This is to certify that the information security management system conforms to ISO/IEC 27001:2022.')).toBe(true);
  });

  it('does not count a certificate of a service performed', () => {
    expect(attestsCompliance('Certificate', 'Certificate of destruction. Our ISO 27001 certified facility shredded 40 drives.')).toBe(false);
    expect(attestsCompliance('Certificate', 'This certifies that Ana Diaz has completed Security Awareness 2025.')).toBe(false);
    expect(attestsCompliance('Report', 'Audit findings')).toBe(false);
  });
});

describe('genreDomain', () => {
  it('gives attestations compliance, destruction certificates asset disposal, tests vulnerability management, other genres nothing', () => {
    expect(genreDomain('SOC 2 Report', '')).toBe(14);
    expect(genreDomain('Penetration Test', 'Retest of the API')).toBe(5);
    expect(genreDomain('Certificate', 'Certificate of destruction')).toBe(2);
    expect(genreDomain('Certificate', 'Data erasure certificate: all drives were erased to NIST 800-88 Purge')).toBe(2);
    expect(genreDomain('Certificate', 'This certifies that Ana Diaz has completed Security Awareness 2025')).toBeNull();
    expect(genreDomain('Policy', 'Access control policy')).toBeNull();
  });

  it('gives minutes of a board or committee governance, whatever items they discuss', () => {
    expect(genreDomain('Other', 'ACME LIMITED\nMinutes of the Audit and Risk Committee\nHeld on 3 May 2025\n1. Internal audit report on backups')).toBe(1);
    expect(genreDomain('Other', 'Board meeting minutes - 12 February 2025\nItem 4: SOC 2 report received')).toBe(1);
    expect(genreDomain('Other', 'Supplier register\nSupplier\tTier\tMinutes of support per month')).toBeNull();
  });

  it('gives a risk register or a log of risk acceptances governance, whatever the risks concern', () => {
    expect(genreDomain('Other', 'Northwind Ltd - Risk Acceptance Log\nID\tRisk\tAccepted by\nRA-1\tMFA not supported by the payroll app\tCFO')).toBe(1);
    expect(genreDomain('Other', 'Security exceptions register 2025\nID\tException\tExpiry\nEX-4\tUnencrypted USB for the lab\t06/2025')).toBe(1);
    expect(genreDomain('Other', 'Asset register\nAsset\tOwner\nLaptop 1\tIT')).toBeNull();
  });

  it('gives a schedule of how long records are kept data protection, but not a log or backup retention setting', () => {
    expect(genreDomain('Policy', 'Riverside School - how long we keep records\nRecord\tRetention period\tAction\nPupil file\t6 years\tShred')).toBe(4);
    expect(genreDomain('Other', 'Records Retention Schedule\nSheet 1\nRecord class\tPeriod')).toBe(4);
    expect(genreDomain('Configuration', 'Log retention settings\nretention_days = 365')).toBeNull();
  });

  it('gives a register or procedure of data subject requests data protection, whatever rights they exercise', () => {
    expect(genreDomain('Other', 'Subject Access Requests Log 2025\nRef\tReceived\tType\tDue\nSAR-01\t02/01/2025\tAccess\t01/02/2025')).toBe(4);
    expect(genreDomain('Procedure', 'Handling individual rights requests\n1. The DPO logs the request.')).toBe(4);
    expect(genreDomain('Other', 'Access requests register\nUser\tSystem\tApproved by')).toBeNull();
  });
});

describe('configurationDomainShares', () => {
  it('reads the domain of an export from its setting names', () => {
    expect(top(configurationDomainShares('config firewall policy\n edit 4\n set srcintf "lan"\n set dstintf "wan1"\n set srcaddr "all"\n set service "HTTPS"\n next\nend'))).toBe(6);
    expect(top(configurationDomainShares('{ "IpPermissions": [ { "FromPort": 443, "ToPort": 443, "IpProtocol": "tcp", "CidrIp": "0.0.0.0/0" } ] }'))).toBe(6);
    expect(top(configurationDomainShares('{ "passwordMinimumLength": 14, "mfaRequired": true, "lockoutThreshold": 5 }'))).toBe(3);
    expect(top(configurationDomainShares('schedule: "0 1 * * *"\nbackup:\n  snapshotVolumes: true\n  ttl: 720h'))).toBe(13);
  });

  it('is all zero for a text without setting names', () => {
    expect(configurationDomainShares('Minutes of the meeting').every((share) => share === 0)).toBe(true);
  });
});
