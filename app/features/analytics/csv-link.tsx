import { Anchor } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import type { AnalyticsChart, AnalyticsPeriod } from '../../../common/schemas/analytics.ts';

/** A chart's CSV, for the period on screen (a plain download: the API checks the admin's session). */
export function CsvLink({ chart, period }: { chart: AnalyticsChart; period: AnalyticsPeriod }) {
  return (
    <Anchor
      href={`/api/admin/analytics/${chart}.csv?from=${period.from}&to=${period.to}`}
      download
      size="sm"
      data-testid={`csv-${chart}`}
      style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}
    >
      <IconDownload size={16} aria-hidden />
      CSV
    </Anchor>
  );
}
