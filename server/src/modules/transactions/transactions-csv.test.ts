import { describe, expect, it } from 'vitest';
import { csvField, csvHeader } from './transactions-csv';

describe('CSV fields', () => {
  it.each([
    ['plain', 'plain'],
    ['', ''],
    [null, ''],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['cr\r\nlf', '"cr\r\nlf"'],
    ['=1+1', "'=1+1"],
    ['+1', "'+1"],
    ['-1', "'-1"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tTAB', "'\tTAB"],
    ['=HYPERLINK("x","y")', `"'=HYPERLINK(""x"",""y"")"`],
    ['1234.56', '1234.56'],
  ])('writes %j as %j', (value, expected) => {
    expect(csvField(value)).toBe(expected);
  });

  it('has the documented header row', () => {
    expect(csvHeader).toBe(
      'date,type,description,amount,currency,from currency,to currency,rate,counterparty,status\r\n',
    );
  });
});
