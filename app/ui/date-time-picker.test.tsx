import { MantineProvider } from '@mantine/core';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import {
  DatePickerField,
  DateTimePickerField,
  TimePickerField,
  useBookableDays,
} from './date-time-picker.tsx';
import { theme } from './theme.ts';

function html(node: ReactNode): string {
  return renderToStaticMarkup(
    <MantineProvider theme={theme} withCssVariables={false} withGlobalClasses={false}>
      {node}
    </MantineProvider>,
  );
}

const noop = () => {};
const options = (markup: string) =>
  [...markup.matchAll(/<option value="([^"]*)"[^>]*>([^<]*)</g)].map((m) => [m[1], m[2]]);

describe('DatePickerField', () => {
  it('hands the minimum and maximum to the browser calendar', () => {
    const markup = html(
      <DatePickerField
        id="d"
        label="Date"
        value="2027-03-16"
        options={{ minDate: '2027-03-15', maxDate: '2027-05-14' }}
        onChange={noop}
      />,
    );
    expect(markup).toContain('min="2027-03-15" max="2027-05-14"');
    expect(markup).not.toContain('aria-invalid');
  });

  it('shows why a disabled day cannot be taken', () => {
    const markup = html(
      <DatePickerField
        id="d"
        label="Another day"
        value="2027-03-21"
        options={{ disabledDates: ['2027-03-21'] }}
        onChange={noop}
      />,
    );
    expect(markup).toContain('aria-invalid="true"');
    expect(markup).toContain('Sunday, March 21, 2027 is not available. Pick another day.');
  });
});

describe('TimePickerField', () => {
  it('lists quarter hours on the 12-hour clock by default, after its placeholder', () => {
    const listed = options(
      html(<TimePickerField id="t" label="Time" placeholder="Any time" value="" onChange={noop} />),
    );
    expect(listed).toHaveLength(97);
    expect(listed.slice(0, 3)).toEqual([
      ['', 'Any time'],
      ['00:00', '12:00 AM'],
      ['00:15', '12:15 AM'],
    ]);
    expect(listed.at(-1)).toEqual(['23:45', '11:45 PM']);
  });

  it('follows the accuracy and the 24-hour clock when asked', () => {
    const listed = options(
      html(
        <TimePickerField
          id="t"
          label="Time"
          value="13:00"
          options={{ timeAccuracy: 0, hourCycle: 24 }}
          minTime="12:00"
          maxTime="14:00"
          onChange={noop}
        />,
      ),
    );
    expect(listed).toEqual([
      ['12:00', '12:00'],
      ['13:00', '13:00'],
      ['14:00', '14:00'],
    ]);
  });
});

describe('DateTimePickerField', () => {
  it('posts the day and time together, and offers on the first day only times from the minimum', () => {
    const markup = html(
      <DateTimePickerField
        legend="Starts"
        name="start"
        defaultValue="2027-03-15T15:00"
        min="2027-03-15T14:07"
        options={{ timeAccuracy: 2 }}
      />,
    );
    expect(markup).toContain('<legend');
    expect(markup).toContain('<input type="hidden" name="start" value="2027-03-15T15:00"/>');
    expect(markup).toContain('min="2027-03-15"');
    expect(options(markup)[0]).toEqual(['14:15', '2:15 PM']);
  });

  it('says so when the time it was given is before the minimum', () => {
    const markup = html(
      <DateTimePickerField
        legend="Starts"
        name="start"
        defaultValue="2027-03-15T13:00"
        min="2027-03-15T14:07"
      />,
    );
    expect(markup).toContain('Pick 2:07 PM or later that day.');
  });
});

describe('useBookableDays', () => {
  it('draws no bounds on the server, which cannot know the guest’s calendar', () => {
    function Probe() {
      return <span>{JSON.stringify(useBookableDays())}</span>;
    }
    expect(html(<Probe />)).toContain('<span>{}</span>');
  });
});
