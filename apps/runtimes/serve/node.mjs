// Node: `listen` of @tessera/core/node serves the app on 127.0.0.1 (port PORT, default 3000).
import { listen, stopOnSignals } from '@tessera/core/node';
import trip from '../dist/trip.js';

const app = trip.createTripApp(trip.keysFrom(process.env.TESSERA_KEYS));
const { url } = await listen(app, { port: Number(process.env.PORT ?? 3000) });
stopOnSignals(app);
console.log(`trips on node at ${url}`);
