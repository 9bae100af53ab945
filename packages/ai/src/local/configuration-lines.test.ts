import { describe, expect, it } from 'vitest';
import { configurationNotes, configurationSettings, settingSentence, settingWords } from './configuration-lines';

describe('configurationSettings', () => {
  it('keeps each leaf of a JSON export as written', () => {
    const settings = configurationSettings('{"branch": "main", "required_pull_request_reviews": {"required_approving_review_count": 1, "dismiss_stale_reviews": true}, "contexts": ["ci/build", "semgrep-sast"]}');
    expect(settings).toEqual(['"branch": "main"', '"required_approving_review_count": 1', '"dismiss_stale_reviews": true', '"contexts": ["ci/build", "semgrep-sast"]']);
  });

  it('reads an export of one JSON object per line', () => {
    const lines = '{"displayName": "CA001 - Require MFA - All users", "state": "enabled"}\n{"displayName": "CA004 - Block legacy authentication", "state": "enabled"}';
    expect(configurationSettings(lines)).toEqual(['"displayName": "CA001 - Require MFA - All users"', '"state": "enabled"', '"displayName": "CA004 - Block legacy authentication"', '"state": "enabled"']);
  });

  it('reads INI, Terraform and daemon configuration, leaving out comments, sections and braces', () => {
    expect(configurationSettings('; exported from the GPO\n[SignatureUpdates]\nSignatureUpdateIntervalHours=4\n[Scan]\nScheduleDay=Everyday')).toEqual(['SignatureUpdateIntervalHours=4', 'ScheduleDay=Everyday']);
    expect(configurationSettings('resource "google_kms_crypto_key" "bucket" {\n  name            = "gcs-prod-data"\n  rotation_period = "7776000s" # 90 days\n}')).toEqual(['name            = "gcs-prod-data"', 'rotation_period = "7776000s" # 90 days']);
    expect(configurationSettings('# managed by Ansible\nserver time1.example.net iburst\nserver time2.example.net iburst\nrtcsync')).toEqual(['server time1.example.net iburst', 'server time2.example.net iburst']);
  });

  it('leaves prose alone, and a setting a reader would take for two sentences out', () => {
    expect(configurationSettings('Access is reviewed every quarter by the system owner.\nLeavers are removed within one day of their last day.\nThe policy is owned by the CISO.')).toBeNull();
    expect(configurationSettings('rule_name: prod-nightly\nschedule: cron(0 3 * * ? *) # every day\nvault: dr-vault')).toEqual(['rule_name: prod-nightly', 'vault: dr-vault']);
  });

  it('keeps what an export says in words beside its settings: a line of prose and the comments that explain them', () => {
    const passage = 'Audit events from the booking platform go to the Splunk index below.\n[booking_audit]\nhomePath = $SPLUNK_DB/booking_audit/db\nfrozenTimePeriodInSecs = 34214400\n# 396 days before data rolls to frozen\n# v2\nmaxTotalDataSizeMB = 500000';
    expect(configurationSettings(passage)).toEqual(['homePath = $SPLUNK_DB/booking_audit/db', 'frozenTimePeriodInSecs = 34214400', 'maxTotalDataSizeMB = 500000']);
    expect(configurationNotes(passage)).toEqual(['Audit events from the booking platform go to the Splunk index below.', '396 days before data rolls to frozen.']);
  });

  it('words a setting for matching and quotes it as a whole sentence', () => {
    expect(settingWords('"required_approving_review_count": 1')).toBe('required approving review count 1');
    expect(settingWords('KeyRotationEnabled=true')).toBe('Key Rotation Enabled true');
    expect(settingSentence('"enforcement": "active",')).toBe('"enforcement": "active".');
    expect(settingSentence('server   time1.example.net iburst')).toBe('Setting server time1.example.net iburst.');
    expect(settingSentence('Require BitLocker: Yes')).toBe('Require BitLocker: Yes.');
  });
});
