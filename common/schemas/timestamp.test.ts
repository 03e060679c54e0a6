import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { calendarDateSchema, timestampSchema, YEAR_RANGE_MESSAGE } from './timestamp.ts';

const messagesOf = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

describe('timestampSchema', () => {
  const schema = timestampSchema('Give the start as a date and time.');

  it.each([
    '2027-03-14T15:00:00Z',
    '2027-03-14T15:00:00.123Z',
    '2027-03-14T15:00:00+01:00',
    '2000-01-01T00:00:00Z',
    '2100-12-31T23:59:59Z',
  ])('takes %s', (value) => {
    expect(schema.parse(value)).toBe(value);
  });

  it.each([
    '9999-12-31T23:59:59Z',
    '0000-01-01T00:00:00Z',
    '1999-12-31T23:59:59Z',
    '2101-01-01T00:00:00Z',
    // The year is read in UTC: these local times fall outside the range there.
    '2000-01-01T01:00:00+02:00',
    '2100-12-31T23:00:00-02:00',
  ])('refuses %s as out of range, with the range in the message', (value) => {
    expect(messagesOf(schema, value)).toEqual([YEAR_RANGE_MESSAGE]);
  });

  it.each(['2027-03-14', '2027-03-14T15:00:00', 'soon', '+275760-09-13T00:00:00.000Z', 'a\u0000b', ''])(
    'refuses %j with the field’s own message only',
    (value) => {
      expect(messagesOf(schema, value)).toEqual(['Give the start as a date and time.']);
    },
  );
});

describe('calendarDateSchema', () => {
  const schema = calendarDateSchema('Use a date like 2027-03-14.');

  it.each(['2027-03-14', '2028-02-29', '2000-01-01', '2100-12-31'])('takes %s', (value) => {
    expect(schema.parse(value)).toBe(value);
  });

  it.each(['0000-01-01', '9999-12-31', '1999-12-31', '2101-01-01'])('refuses %s as out of range', (value) => {
    expect(messagesOf(schema, value)).toEqual([YEAR_RANGE_MESSAGE]);
  });

  it.each(['2027-02-29', '2027-02-30', '2027-13-01'])('refuses %s, a day that does not exist', (value) => {
    expect(messagesOf(schema, value)).toEqual(['That date does not exist.']);
  });

  it.each(['27-03-14', '2027-3-14', '2027-03-14T00:00:00Z', 'a\u0000b', 42])(
    'refuses %j with the field’s own message',
    (value) => {
      expect(messagesOf(schema, value)).toEqual(['Use a date like 2027-03-14.']);
    },
  );
});
