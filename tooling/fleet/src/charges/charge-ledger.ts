import type { RedisCommands } from '@tessera/redis';

/**
 * What the fleet's `charge_card` tool changes, shared by every instance (Redis, so a count survives the
 * kill of the instance that made it): how often the handler ran for an order, and how often the "payment
 * service" charged it. The service honours an idempotency key, as a payment API's `Idempotency-Key` does:
 * a second charge under a key it has seen changes nothing.
 */
export interface ChargeLedger {
  /** Counts one run of the handler for `order` (called as it starts). */
  started(order: string): Promise<void>;
  /** Charges `order` once per `key`; resolves with the charges made so far. */
  charge(order: string, key: string | undefined): Promise<number>;
  /** The runs of the handler and the charges made for `order`. */
  read(order: string): Promise<{ runs: number; charges: number }>;
}

const PREFIX = 'fleet:charges:';

export class RedisChargeLedger implements ChargeLedger {
  constructor(private readonly client: RedisCommands) {}

  async started(order: string): Promise<void> {
    await this.client.sendCommand(['INCR', `${PREFIX}runs:${order}`]);
  }

  async charge(order: string, key: string | undefined): Promise<number> {
    // No key: a service without one charges every time it is asked.
    const fresh =
      key === undefined || (await this.client.sendCommand(['SET', `${PREFIX}key:${key}`, order, 'NX', 'EX', '3600']));
    if (fresh === true || fresh === 'OK')
      return Number(await this.client.sendCommand(['INCR', `${PREFIX}made:${order}`]));
    return Number((await this.client.sendCommand(['GET', `${PREFIX}made:${order}`])) ?? 0);
  }

  async read(order: string): Promise<{ runs: number; charges: number }> {
    const [runs, charges] = await Promise.all(
      ['runs', 'made'].map(async (what) =>
        Number((await this.client.sendCommand(['GET', `${PREFIX}${what}:${order}`])) ?? 0),
      ),
    );
    return { runs: runs!, charges: charges! };
  }
}

/** The same in this process's memory: an instance without Redis. */
export class MemoryChargeLedger implements ChargeLedger {
  private readonly runs = new Map<string, number>();
  private readonly made = new Map<string, number>();
  private readonly keys = new Set<string>();

  async started(order: string): Promise<void> {
    this.runs.set(order, (this.runs.get(order) ?? 0) + 1);
  }

  async charge(order: string, key: string | undefined): Promise<number> {
    if (key === undefined || !this.keys.has(key)) {
      if (key !== undefined) this.keys.add(key);
      this.made.set(order, (this.made.get(order) ?? 0) + 1);
    }
    return this.made.get(order) ?? 0;
  }

  async read(order: string): Promise<{ runs: number; charges: number }> {
    return { runs: this.runs.get(order) ?? 0, charges: this.made.get(order) ?? 0 };
  }
}
