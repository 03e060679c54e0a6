import { z } from 'zod';

/**
 * Every string a client sends is one of these (ADR 104). PostgreSQL refuses NUL in text and any
 * string it cannot store as UTF-8 (a lone surrogate has no UTF-8 form), so such input used to reach
 * SQL and answer 500; the other control characters hide text, break log lines and mail headers, and
 * mean nothing in a name, an address or a message. Refused here, they answer 400 naming the field.
 *
 * Single-line text refuses every C0 control (tab and line breaks too), DEL and the C1 controls;
 * multi-line text (descriptions, messages, reasons) allows tab, line feed and carriage return.
 */

export type ForbiddenCharacter = { kind: 'control' | 'line_break' | 'lone_surrogate'; codePoint: number };

const TAB = 0x09;
const LINE_FEED = 0x0a;
const CARRIAGE_RETURN = 0x0d;

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;
const isLowSurrogate = (code: number) => code >= 0xdc00 && code <= 0xdfff;

/** The first character a text of this kind may not hold, or null when it holds none. */
export function findForbiddenCharacter(
  text: string,
  options: { multiline: boolean },
): ForbiddenCharacter | null {
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code === LINE_FEED || code === CARRIAGE_RETURN) {
      if (!options.multiline) return { kind: 'line_break', codePoint: code };
    } else if (code === TAB) {
      if (!options.multiline) return { kind: 'control', codePoint: code };
    } else if (code < 0x20 || (code >= 0x7f && code <= 0x9f)) {
      return { kind: 'control', codePoint: code };
    } else if (isHighSurrogate(code) && isLowSurrogate(text.charCodeAt(index + 1))) {
      index++;
    } else if (isHighSurrogate(code) || isLowSurrogate(code)) {
      return { kind: 'lone_surrogate', codePoint: code };
    }
  }
  return null;
}

const hex = (codePoint: number) => `U+${codePoint.toString(16).toUpperCase().padStart(4, '0')}`;

/** What the person is told; the error names the field (server/http/errors.ts). */
export function forbiddenCharacterMessage(found: ForbiddenCharacter): string {
  switch (found.kind) {
    case 'line_break':
      return 'Keep this to one line.';
    case 'lone_surrogate':
      return `This text holds a broken character (${hex(found.codePoint)}). Please type it again.`;
    default:
      return `This text holds a control character (${hex(found.codePoint)}). Please remove it.`;
  }
}

type TextOptions = {
  /** The message when the value is not a string at all. */
  error?: string;
  /** Replaces "Keep this to one line." where a field has its own words for it (single-line only). */
  lineBreakMessage?: string;
};

function textSchema(multiline: boolean, options: TextOptions) {
  return z.string(options.error ? { error: options.error } : undefined).superRefine((value, ctx) => {
    const found = findForbiddenCharacter(value, { multiline });
    if (!found) return;
    const message =
      found.kind === 'line_break' && options.lineBreakMessage
        ? options.lineBreakMessage
        : forbiddenCharacterMessage(found);
    ctx.addIssue({ code: 'custom', message, input: value });
  });
}

/** A string on one line: names, titles, search text, ids, codes, addresses. */
export function singleLineText(options: TextOptions = {}) {
  return textSchema(false, options);
}

/** A string that may span lines: descriptions, house rules, messages, reasons. */
export function multiLineText(options: Omit<TextOptions, 'lineBreakMessage'> = {}) {
  return textSchema(true, options);
}
