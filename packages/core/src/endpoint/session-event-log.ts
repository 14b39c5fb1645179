import type { EventId, EventStore, JSONRPCMessage, StreamId } from '@modelcontextprotocol/server';

/**
 * The last `max` messages one 2025 session sent on its event streams, so a client whose stream closed can
 * come back with `Last-Event-ID` and get what it missed (SEP-1699 resumability, the SDK's session transport
 * does the rest). An id older than the last `max` messages can no longer be resumed: the reconnect fails.
 */
export class SessionEventLog implements EventStore {
  private readonly events: Array<{ id: EventId; stream: StreamId; message: JSONRPCMessage }> = [];
  private next = 0;

  constructor(private readonly max: number) {}

  storeEvent(stream: StreamId, message: JSONRPCMessage): Promise<EventId> {
    const id = `${stream}_${this.next++}`;
    this.events.push({ id, stream, message });
    if (this.events.length > this.max) this.events.shift();
    return Promise.resolve(id);
  }

  getStreamIdForEventId(id: EventId): Promise<StreamId | undefined> {
    return Promise.resolve(this.events.find((e) => e.id === id)?.stream);
  }

  async replayEventsAfter(
    lastEventId: EventId,
    { send }: { send: (id: EventId, message: JSONRPCMessage) => Promise<void> },
  ): Promise<StreamId> {
    const at = this.events.findIndex((e) => e.id === lastEventId);
    if (at < 0) throw new Error(`Last-Event-ID ${lastEventId} is not among this session's last ${this.max} events.`);
    const { stream } = this.events[at];
    // a priming event carries an empty message: nothing to replay for it
    for (const e of this.events.slice(at + 1))
      if (e.stream === stream && Object.keys(e.message).length > 0) await send(e.id, e.message);
    return stream;
  }
}
