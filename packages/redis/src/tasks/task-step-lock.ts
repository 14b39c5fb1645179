import type { Redis } from 'ioredis';

const RENEW = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end return 0`;
const RELEASE = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0`;

/**
 * One lock per task, in Redis, so two steps of one task never run at once anywhere in the fleet. A holder
 * renews it while its step runs; a holder that dies (`kill -9`) stops renewing, and the lock lapses after
 * `ttlMs`, when the step's job is recovered elsewhere.
 */
export class TaskStepLock {
  constructor(
    private readonly redis: Redis,
    private readonly keyPrefix: string,
    private readonly ttlMs: number,
  ) {}

  /** Takes the lock for `holder`; false when another holder has it. */
  async acquire(taskId: string, holder: string): Promise<boolean> {
    return (await this.redis.set(this.key(taskId), holder, 'PX', this.ttlMs, 'NX')) === 'OK';
  }

  /** Extends the lock while `holder` still has it; false when it lapsed (another step may run). */
  async renew(taskId: string, holder: string): Promise<boolean> {
    return Number(await this.redis.eval(RENEW, 1, this.key(taskId), holder, String(this.ttlMs))) === 1;
  }

  async release(taskId: string, holder: string): Promise<void> {
    await this.redis.eval(RELEASE, 1, this.key(taskId), holder);
  }

  private key(taskId: string): string {
    return this.keyPrefix + taskId;
  }
}
