import { describe, expect, it } from 'vitest';
import { csvField, csvHeader, csvNumber } from './transactions-csv';

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

  it('writes signed numbers as numbers, anything else in a number column as defused text', () => {
    expect(csvNumber('-12.50')).toBe('-12.50');
    expect(csvNumber('0.00000001')).toBe('0.00000001');
    expect(csvNumber('-1+1')).toBe("'-1+1");
    expect(csvNumber(null)).toBe('');
  });

  it('has the documented header row', () => {
    expect(csvHeader).toBe(
      'date,type,description,amount,fee,currency,converted amount,from currency,to currency,rate,counterparty,status,category\r\n',
    );
  });
});
