import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { findForbiddenCharacter, multiLineText, singleLineText } from './text.ts';

const CONTROL_CHARACTERS = [
  '\u0000',
  '\u0001',
  '\u0008',
  '\u000b',
  '\u000c',
  '\u000e',
  '\u001b',
  '\u001f',
  '\u007f',
  '\u0080',
  '\u0085',
  '\u009f',
];
const LONE_SURROGATES = ['\ud800', '\udbff', '\udc00', '\udfff', 'cut pair \ud83d', '\ude00 reversed \ud83d'];
const FINE_TEXT = [
  'Bright bathroom',
  'Zürich Straße 5',
  '東京 駅前',
  'Café ☕ 😀',
  'مرحبا',
  'O’Brien-Smith',
  '',
  '\u00a0nbsp',
];

const messageOf = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? null : result.error.issues[0]?.message;
};

describe('single-line text', () => {
  const schema = singleLineText();

  it.each(CONTROL_CHARACTERS)('refuses the control character %j, naming it', (character) => {
    const code = character.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0');
    expect(messageOf(schema, `a${character}b`)).toBe(
      `This text holds a control character (U+${code}). Please remove it.`,
    );
  });

  it('refuses tabs and line breaks', () => {
    expect(messageOf(schema, 'a\tb')).toBe('This text holds a control character (U+0009). Please remove it.');
    expect(messageOf(schema, 'a\nb')).toBe('Keep this to one line.');
    expect(messageOf(schema, 'a\r\nb')).toBe('Keep this to one line.');
    expect(messageOf(singleLineText({ lineBreakMessage: 'Your name must fit on one line.' }), 'a\nb')).toBe(
      'Your name must fit on one line.',
    );
  });

  it.each(LONE_SURROGATES)('refuses the lone surrogate in %j (PostgreSQL has no UTF-8 for it)', (text) => {
    expect(messageOf(schema, text)).toMatch(/^This text holds a broken character \(U\+D[89A-F][0-9A-F]{2}\)/);
  });

  it.each(FINE_TEXT)('takes %j, accents, scripts and emoji (surrogate pairs) included', (text) => {
    expect(schema.parse(text)).toBe(text);
  });

  it('checks before trimming, and keeps the string checks chained after it', () => {
    const trimmed = singleLineText().trim().min(1, 'Enter something.').max(5, 'Too long.');
    expect(trimmed.parse('  abc  ')).toBe('abc');
    expect(messageOf(trimmed, 'abc\u0000')).toMatch(/control character \(U\+0000\)/);
    expect(messageOf(trimmed, '   ')).toBe('Enter something.');
    expect(messageOf(trimmed, 'abcdef')).toBe('Too long.');
  });

  it('says what it wants when the value is not a string', () => {
    expect(messageOf(singleLineText({ error: 'Please tell us your name.' }), 42)).toBe(
      'Please tell us your name.',
    );
  });
});

describe('multi-line text', () => {
  const schema = multiLineText();

  it('takes tabs and line breaks', () => {
    expect(schema.parse('Line one\n\tLine two\r\nLine three')).toBe('Line one\n\tLine two\r\nLine three');
  });

  it.each(CONTROL_CHARACTERS)('still refuses the control character %j', (character) => {
    expect(messageOf(schema, `a${character}b`)).toMatch(/control character/);
  });

  it.each(LONE_SURROGATES)('still refuses the lone surrogate in %j', (text) => {
    expect(messageOf(schema, text)).toMatch(/broken character/);
  });
});

describe('findForbiddenCharacter', () => {
  it('finds the first one and says what it is', () => {
    expect(findForbiddenCharacter('ok \u0000 \ud800', { multiline: true })).toEqual({
      kind: 'control',
      codePoint: 0,
    });
    expect(findForbiddenCharacter('ok \ud800 \u0000', { multiline: true })).toEqual({
      kind: 'lone_surrogate',
      codePoint: 0xd800,
    });
    expect(findForbiddenCharacter('😀\n', { multiline: false })).toEqual({
      kind: 'line_break',
      codePoint: 10,
    });
    expect(findForbiddenCharacter('😀\n', { multiline: true })).toBeNull();
  });
});

// Ids, emails and instants keep zod's own formats (z.uuid, z.email, z.iso.*): their patterns are
// anchored and admit no control character, so they need no second check. This keeps that true.
describe('the string formats the schemas use beside the text schema', () => {
  const formats = { uuid: z.uuid(), email: z.email(), datetime: z.iso.datetime({ offset: true }) };
  const valid = {
    uuid: '0f7c5fe8-ad4c-4e1a-9428-6bd2fca83f14',
    email: 'guest@example.com',
    datetime: '2027-03-14T15:00:00Z',
  };
  for (const [name, schema] of Object.entries(formats)) {
    it(`${name} refuses every control character and lone surrogate`, () => {
      const good = valid[name as keyof typeof valid];
      expect(schema.safeParse(good).success).toBe(true);
      for (const bad of [...CONTROL_CHARACTERS, ...LONE_SURROGATES, '\t', '\n']) {
        expect(schema.safeParse(`${good}${bad}`).success, JSON.stringify(bad)).toBe(false);
        expect(schema.safeParse(`${bad}${good}`).success, JSON.stringify(bad)).toBe(false);
      }
    });
  }
});
