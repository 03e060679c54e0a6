import { MantineProvider } from '@mantine/core';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { theme } from '../../ui/theme.ts';
import { GoNowButton } from './go-now-button.tsx';
import { GoNowStandIn } from './live-go-now-button.tsx';

function html(node: ReactNode): string {
  return renderToStaticMarkup(
    <MantineProvider theme={theme} withCssVariables={false} withGlobalClasses={false}>
      {node}
    </MantineProvider>,
  );
}

describe('GoNowStandIn', () => {
  it('draws exactly what GoNowButton draws before it is tapped', () => {
    const ours = html(<GoNowStandIn />);
    expect(ours).toContain('Go now: free in 15 minutes');
    expect(ours).toBe(html(<GoNowButton point={null} geolocate />));
  });
});
