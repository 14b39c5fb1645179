// Cloudflare Workers: the module worker's fetch is the app's. The app is built once per isolate, on the
// first request, from the TESSERA_KEYS binding (a secret: `wrangler secret put TESSERA_KEYS`).
import trip from '../dist/trip.js';

let app;

export default {
  fetch(request, env) {
    app ??= trip.createTripApp(trip.keysFrom(env.TESSERA_KEYS));
    return app.fetch(request);
  },
};
