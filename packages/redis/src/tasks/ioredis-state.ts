import type { Redis } from 'ioredis';

/** Whether `client` is connected now. */
export function isReady(client: Redis): boolean {
  return client.status === 'ready';
}

/** Resolves with 'unreachable' once `client` is not connected (now, or when its connection drops); `cancel` stops watching. */
export function whenUnreachable(client: Redis): { promise: Promise<'unreachable'>; cancel: () => void } {
  let cancel = () => {};
  const promise = new Promise<'unreachable'>((resolve) => {
    if (!isReady(client)) return resolve('unreachable');
    const onClose = () => resolve('unreachable');
    client.once('close', onClose);
    cancel = () => void client.off('close', onClose);
  });
  return { promise, cancel };
}

/** Resolves once `client` is connected (a fail-fast client refuses commands until then), rejects if it gives up. */
export function whenReady(client: Redis): Promise<void> {
  if (client.status === 'ready') return Promise.resolve();
  return new Promise((resolve, reject) => {
    const onReady = () => {
      client.off('end', onEnd);
      resolve();
    };
    const onEnd = () => {
      client.off('ready', onReady);
      reject(new Error('RedisTaskQueue: the publishing connection closed before it was ready'));
    };
    client.once('ready', onReady);
    client.once('end', onEnd);
  });
}
