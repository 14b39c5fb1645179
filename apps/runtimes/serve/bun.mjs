/* global Bun */
// Bun: Bun.serve takes the app's web-standard fetch as it is.
import trip from '../dist/trip.js';

const app = trip.createTripApp(trip.keysFrom(process.env.TESSERA_KEYS));
const server = Bun.serve({ hostname: '127.0.0.1', port: Number(process.env.PORT ?? 3000), fetch: app.fetch });
process.on('SIGTERM', () =>
  server
    .stop(true)
    .then(() => app.close())
    .then(() => process.exit(0)),
);
console.log(`trips on bun at ${server.url}mcp`);
