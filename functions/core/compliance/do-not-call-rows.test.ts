// How the do-not-call processor reads a file (issue 24): the Phone column wherever it is, each number
// once, bad rows refused by their spreadsheet row, and a file without the column or without rows refused.
import { describe, expect, it } from 'vitest';
import { dncMessages } from '#shared/do-not-call.ts';
import { parseCsv } from '#core/uploads/csv.ts';
import { readDncRows } from './do-not-call-rows.ts';

describe('readDncRows', () => {
  it('takes the Phone column in any case and place, each number once, and refuses bad rows by row', () => {
    const read = readDncRows(parseCsv('Name, PHONE \r\nPat,(312) 555-0142\r\nSam,bad\r\nAl,+1 312 555 0142\r\nJo,6085550100\r\n'));
    expect(read).toEqual({
      phones: ['3125550142', '6085550100'],
      refused: [{ row: 3, text: 'bad', message: dncMessages.phone('bad') }],
      rows: 4,
    });
  });

  it('refuses a file without a Phone column, or with no rows under it', () => {
    expect(readDncRows(parseCsv('Number\r\n3125550142\r\n'))).toEqual({ problem: dncMessages.header });
    expect(readDncRows(parseCsv('Phone\r\n'))).toEqual({ problem: dncMessages.noRows });
    expect(readDncRows([])).toEqual({ problem: dncMessages.header });
  });
});
