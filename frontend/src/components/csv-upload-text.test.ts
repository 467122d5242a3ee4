import { describe, expect, it } from 'vitest';
import { importedText } from './csv-upload.tsx';

describe('importedText', () => {
  it('says how many rows were imported', () => {
    expect(importedText({ FileName: 'f.csv', Rows: 3, FailedRows: 0, AlreadyApplied: null })).toBe('f.csv: 3 rows imported.');
    expect(importedText({ FileName: 'f.csv', Rows: 1, FailedRows: 0, AlreadyApplied: 0 })).toBe('f.csv: 1 row imported.');
  });

  it('does not count rows an earlier upload applied, or refused rows, as imported', () => {
    expect(importedText({ FileName: 'f.csv', Rows: 4, FailedRows: 1, AlreadyApplied: 2 })).toBe(
      'f.csv: 1 row imported, 2 rows already applied by an earlier upload (nothing moved for them), 1 row refused (see the report).',
    );
    expect(importedText({ FileName: 'f.csv', Rows: 1, FailedRows: 0, AlreadyApplied: 1 })).toBe(
      'f.csv: 0 rows imported, 1 row already applied by an earlier upload (nothing moved for it).',
    );
  });
});
