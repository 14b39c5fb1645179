import { InMemoryServerEventBus } from '@modelcontextprotocol/server';
import { createApp, Provider, Tool } from '@tessera/core';

@Provider()
class Billing {
  @Tool({ description: 'Refund an order' })
  refund(): string {
    return 'refunded';
  }
}

@Provider()
class Reports {
  @Tool({ description: 'Monthly report' })
  monthly(): string {
    return 'report';
  }
}

// #region changes
const app = createApp({
  name: 'shop',
  version: '1.0.0',
  providers: [Billing],
  events: new InMemoryServerEventBus(), // a fleet shares one: RedisEventBus from @tessera/redis
});

app.tools.disable('refund'); // hidden from every caller; tools/list_changed on every listen stream
app.tools.enable('refund');
app.addProvider(Reports); // compiled as createApp compiles; a clash is refused and nothing changes
app.removeProvider(Reports);
// #endregion changes
