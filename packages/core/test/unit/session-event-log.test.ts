import type { JSONRPCMessage } from '@modelcontextprotocol/server';
import { SessionEventLog } from '../../src/endpoint/session-event-log';

const note = (n: number): JSONRPCMessage => ({ jsonrpc: '2.0', method: 'notifications/message', params: { n } });

async function replay(log: SessionEventLog, after: string) {
  const sent: Array<[string, JSONRPCMessage]> = [];
  const stream = await log.replayEventsAfter(after, { send: async (id, m) => void sent.push([id, m]) });
  return { stream, sent };
}

describe('SessionEventLog (a 2025 session’s resumable streams)', () => {
  test('replays what a stream sent after the given id, that stream only, priming events left out', async () => {
    const log = new SessionEventLog(10);
    const priming = await log.storeEvent('a', {} as JSONRPCMessage);
    const first = await log.storeEvent('a', note(1));
    await log.storeEvent('b', note(2));
    const third = await log.storeEvent('a', note(3));
    expect(await replay(log, priming)).toEqual({
      stream: 'a',
      sent: [
        [first, note(1)],
        [third, note(3)],
      ],
    });
    expect(await log.getStreamIdForEventId(third)).toBe('a');
  });

  test('keeps the last max events; an older id cannot be resumed, and says why', async () => {
    const log = new SessionEventLog(2);
    const oldest = await log.storeEvent('a', note(1));
    const kept = await log.storeEvent('a', note(2));
    const newest = await log.storeEvent('a', note(3));
    await expect(replay(log, oldest)).rejects.toThrow(
      `Last-Event-ID ${oldest} is not among this session's last 2 events.`,
    );
    expect(await log.getStreamIdForEventId(oldest)).toBeUndefined();
    expect(await replay(log, kept)).toEqual({ stream: 'a', sent: [[newest, note(3)]] });
  });
});
