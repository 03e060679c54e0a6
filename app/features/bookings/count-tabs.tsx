import { Badge, Tabs } from '@mantine/core';
import { useEffect, useRef } from 'react';
import classes from './booking-lists.module.css';

export type CountTab<T extends string> = { value: T; label: string; count: number };

/**
 * A row of tabs, each with how many bookings it holds (ADR 114): /bookings' Upcoming, Past and
 * Cancelled, and /manage/bookings' status filters. Choosing one calls `onChange`; the pages
 * navigate, so the choice lives in the URL.
 */
export function CountTabs<T extends string>({
  label,
  value,
  tabs,
  onChange,
}: {
  label: string;
  value: T;
  tabs: CountTab<T>[];
  onChange: (next: T) => void;
}) {
  const list = useRef<HTMLDivElement>(null);
  // A row wider than a phone scrolls: bring the chosen tab into view (a host's "All" is last).
  useEffect(() => {
    const row = list.current;
    // Mantine ids each tab "…-tab-{value}".
    const active = row?.querySelector<HTMLElement>(`[role="tab"][id$="-tab-${value}"]`);
    if (row && active && row.scrollWidth > row.clientWidth) {
      row.scrollLeft = active.offsetLeft + active.offsetWidth / 2 - row.clientWidth / 2;
    }
  }, [value]);
  return (
    <Tabs
      value={value}
      onChange={(next) => {
        const chosen = tabs.find((tab) => tab.value === next);
        if (chosen) onChange(chosen.value);
      }}
      classNames={{ list: classes.tabList, tab: classes.tab, tabSection: classes.tabSection }}
      activateTabWithKeyboard={false}
    >
      <Tabs.List aria-label={label} ref={list}>
        {tabs.map((tab) => (
          <Tabs.Tab
            key={tab.value}
            value={tab.value}
            data-testid="count-tab"
            rightSection={
              <Badge
                size="sm"
                radius="xl"
                variant={tab.value === value ? 'filled' : 'light'}
                color={tab.value === value ? undefined : 'gray'}
                className={classes.count}
                data-testid="count-tab-count"
              >
                {tab.count}
              </Badge>
            }
          >
            {tab.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
    </Tabs>
  );
}
