import { runSsrBench } from './lib/ssr-run.ts';

/**
 * Server-side rendering of a location page (ADR 077; docs/PERFORMANCE.md): `/bathrooms-in/austin-tx` lists the 18
 * Austin bathrooms of the demo catalogue, with its structured data. Goal p99 < 50 ms at 100
 * requests/s.
 */
await runSsrBench({
  name: 'bench:ssr-location',
  pathname: '/bathrooms-in/austin-tx',
  mustContain: 'ItemList',
});
