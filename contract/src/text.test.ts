import { describe, expect, it } from 'vitest';
import { pathIdSchema, singleLineText } from './text';

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

  it('says what is missing or too long', () => {
    expect(name.safeParse('   ').error?.issues[0]?.message).toBe('required');
    expect(name.safeParse('x'.repeat(11)).error?.issues[0]?.message).toBe('too long');
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
