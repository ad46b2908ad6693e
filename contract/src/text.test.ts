import { describe, expect, it } from 'vitest';
import { multiLineText, pathIdSchema, singleLineText } from './text';

describe('singleLineText', () => {
  const name = singleLineText(10, { tooLong: 'too long', required: 'required' });

  it('trims and keeps ordinary text, accents and emoji included', () => {
    expect(name.parse('  Zoë 🙂 ')).toBe('Zoë 🙂');
  });

  it.each([
    ['NUL', 'a\u0000b'],
    ['a bell', 'a\u0007b'],
    ['a line break', 'a\nb'],
    ['a tab', 'a\tb'],
    ['DEL', 'a\u007fb'],
    ['a C1 control', 'a\u0085b'],
    ['half a surrogate pair', 'a\ud800b'],
  ])('refuses %s', (_label, text) => {
    expect(name.safeParse(text).success).toBe(false);
  });

  it.each([
    ['a right-to-left override', 'inv\u202Efdp.exe', 'invfdp.exe'],
    ['an embedding and its pop', '\u202Aab\u202C', 'ab'],
    ['isolates', '\u2066a\u2067b\u2068c\u2069', 'abc'],
  ])('drops %s, which would make the text read differently', (_label, text, stored) => {
    expect(name.parse(text)).toBe(stored);
  });

  it('turns a line or paragraph separator into a space, and keeps the harmless direction marks', () => {
    expect(name.parse('a\u2028b\u2029c')).toBe('a b c');
    expect(name.parse('\u200Fשלום\u200E')).toBe('\u200Fשלום\u200E');
  });

  it('counts the length and emptiness of what is kept', () => {
    expect(name.safeParse('\u202E\u2028 ').error?.issues[0]?.message).toBe('required');
    expect(name.parse(`\u202E${'x'.repeat(10)}`)).toBe('x'.repeat(10));
  });

  it('says what is missing or too long', () => {
    expect(name.safeParse('   ').error?.issues[0]?.message).toBe('required');
    expect(name.safeParse('x'.repeat(11)).error?.issues[0]?.message).toBe('too long');
  });
});

describe('multiLineText', () => {
  const notes = multiLineText(20, { tooLong: 'too long' });

  it('drops direction controls and makes line and paragraph separators line feeds', () => {
    expect(notes.parse('Pay\u202E by\u2028Friday\u2029thanks')).toBe('Pay by\nFriday\nthanks');
  });
});

describe('pathIdSchema', () => {
  const id = pathIdSchema(30);

  it('keeps any opaque id, refuses control characters and over-long ids', () => {
    expect(id.parse('recent:ada@example.com')).toBe('recent:ada@example.com');
    for (const bad of ['\u0000', 'a\u0000b', 'a\nb', 'x'.repeat(31)])
      expect(id.safeParse(bad).success).toBe(false);
  });
});
