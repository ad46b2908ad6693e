import { describe, expect, it } from 'vitest';
import { multiLineText, pathIdSchema, replaceUnstorable, singleLineText, unstorableCharacter } from './text';

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
    ['U+FFFE', 'a\uFFFEb', 'U+FFFE'],
    ['U+FFFF', 'a\uFFFFb', 'U+FFFF'],
    ['U+FDD0', 'a\uFDD0b', 'U+FDD0'],
    ['a plane-16 noncharacter', 'a\u{10FFFF}b', 'U+10FFFF'],
    ['NUL', 'a\u0000b', 'U+0000'],
    ['half a surrogate pair', 'a\udc00b', 'U+DC00'],
  ])('refuses %s, naming it: no XML file could carry it', (_label, text, named) => {
    expect(name.safeParse(text).error?.issues[0]?.message).toBe(
      `Contains a character that is not allowed (${named})`,
    );
  });

  it.each([
    ['a right-to-left override', 'a\u202Efdp.exe', 'U+202E'],
    ['an embedding', '\u202Aab\u202C', 'U+202A'],
    ['an isolate', 'a\u2067b\u2069', 'U+2067'],
  ])('refuses %s, which would make the text read differently', (_label, text, named) => {
    expect(name.safeParse(text).error?.issues[0]?.message).toBe(
      `Remove the hidden direction control (${named}): it changes how the text reads`,
    );
  });

  it('keeps a whole surrogate pair and the last characters before the noncharacters', () => {
    expect(name.parse('\uFFFD\uFFFC🙂\u{10FFFD}')).toBe('\uFFFD\uFFFC🙂\u{10FFFD}');
  });

  it('turns a line or paragraph separator into a space, and keeps the harmless direction marks', () => {
    expect(name.parse('a\u2028b\u2029c')).toBe('a b c');
    expect(name.parse('\u200Fשלום\u200E')).toBe('\u200Fשלום\u200E');
  });

  it('counts the length and emptiness of what is kept', () => {
    expect(name.safeParse('\u2028 \u2029').error?.issues[0]?.message).toBe('required');
    expect(name.parse(`\u2028${'x'.repeat(10)}`)).toBe('x'.repeat(10));
  });

  it('says what is missing or too long', () => {
    expect(name.safeParse('   ').error?.issues[0]?.message).toBe('required');
    expect(name.safeParse('x'.repeat(11)).error?.issues[0]?.message).toBe('too long');
  });
});

describe('multiLineText', () => {
  const notes = multiLineText(20, { tooLong: 'too long' });

  it('makes line and paragraph separators line feeds', () => {
    expect(notes.parse('Pay by\u2028Friday\u2029thanks')).toBe('Pay by\nFriday\nthanks');
  });

  it('refuses direction controls and unstorable characters on any line', () => {
    expect(notes.safeParse('Pay\nby \u202EFriday').error?.issues[0]?.message).toMatch(/U\+202E/);
    expect(notes.safeParse('Pay\nby \uFFFF').error?.issues[0]?.message).toMatch(/U\+FFFF/);
    expect(notes.safeParse('Pay\tby').error?.issues[0]?.message).toBe(
      'Use letters, digits and punctuation only (no control characters)',
    );
  });
});

describe('pathIdSchema', () => {
  const id = pathIdSchema(30);

  it('keeps any opaque id, refuses control characters and over-long ids', () => {
    expect(id.parse('recent:ada@example.com')).toBe('recent:ada@example.com');
    for (const bad of ['\u0000', 'a\u0000b', 'a\nb', 'a\uFFFE', 'a\ud800', 'x'.repeat(31)])
      expect(id.safeParse(bad).success).toBe(false);
  });
});

describe('unstorableCharacter and replaceUnstorable', () => {
  it('name the first character no field takes, and replace each for a writer', () => {
    expect(unstorableCharacter('tab\tline\ncr\r 🙂')).toBeUndefined();
    expect(unstorableCharacter('a\uFFFEb\u0000')).toBe('Contains a character that is not allowed (U+FFFE)');
    expect(replaceUnstorable('a\uFFFEb\u0000c\ud800d\uFDEF🙂\u{1FFFF}')).toBe(
      'a\uFFFDb\uFFFDc\uFFFDd\uFFFD🙂\uFFFD',
    );
  });
});
