import { runSsrBench } from './lib/ssr-run.ts';

/** Server-side rendering of the home page (ADR 019; docs/PERFORMANCE.md): goal p99 < 50 ms at 100 requests/s. */
await runSsrBench({ name: 'bench:ssr', pathname: '/', mustContain: 'Find a bathroom' });
