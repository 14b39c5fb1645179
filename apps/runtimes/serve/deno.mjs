/* global Deno */
// Deno: Deno.serve takes the app's web-standard fetch as it is
// (deno run --allow-env --allow-net --allow-read serve/deno.mjs).
import trip from '../dist/trip.js';

const app = trip.createTripApp(trip.keysFrom(Deno.env.get('TESSERA_KEYS')));
const server = Deno.serve(
  {
    hostname: '127.0.0.1',
    port: Number(Deno.env.get('PORT') ?? 3000),
    onListen: ({ hostname, port }) => console.log(`trips on deno at http://${hostname}:${port}/mcp`),
  },
  app.fetch,
);
Deno.addSignalListener('SIGTERM', () =>
  server
    .shutdown()
    .then(() => app.close())
    .then(() => Deno.exit(0)),
);
