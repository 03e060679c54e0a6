import http from 'node:http';
import { tmpdir } from 'node:os';
import tzLookup from '@photostructure/tz-lookup';
import { searchQuerySchema, toSearchInput } from '../../common/schemas/search.ts';
import { openDatabase } from '../../server/db/database.ts';
import { createAvailabilityService } from '../../server/domains/availability/availability-service.ts';
import { createLocalDiskStorage } from '../../server/domains/storage/local-disk-storage.ts';

/**
 * The search benchmark's floor (bench/search-load.ts): the search service Privy's endpoint calls
 * (same query check, same SQL through the same pool, same answer), behind bare `node:http` instead
 * of Fastify and its hooks, logging and headers. What this serves per second is what a Node process
 * can do with this search at all on the machine; the endpoint's distance from it is Privy's own
 * HTTP overhead. Run as a child process: `node search-floor-server.ts DATABASE_URL`; it sends its
 * port to the parent over IPC.
 */
const url = process.argv[2];
if (!url || !process.send) throw new Error('usage: forked with the database URL');

const handle = await openDatabase({ kind: 'postgres', url });
const objects = createLocalDiskStorage(tmpdir());
const availability = createAvailabilityService({
  db: handle.db,
  imageUrl: (key) => objects.url(key),
  timezoneAt: (latitude, longitude) => tzLookup(latitude, longitude),
});

const server = http.createServer((request, response) => {
  const query = new URL(request.url ?? '/', 'http://floor').searchParams;
  const parsed = searchQuerySchema.safeParse(Object.fromEntries(query));
  const send = (status: number, body: string) => {
    response.writeHead(status, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(body),
    });
    response.end(body);
  };
  if (!parsed.success) return send(400, JSON.stringify({ error: parsed.error.message }));
  availability.search(toSearchInput(parsed.data)).then(
    (answer) => send(200, JSON.stringify(answer)),
    (error: Error) => send(500, JSON.stringify({ error: error.message })),
  );
});
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  process.send?.(typeof address === 'object' && address ? address.port : 0);
});
process.on('disconnect', () => {
  server.close();
  void handle.close();
});
