import { IsDate, IsOptional, MinDate, ValidateNested } from 'class-validator';
import { Type } from 'class-transformer';
import { Args, createApp, Elicit, Field, Provider, silentLogger, Tool } from '@tessera/core';
import { sendRaw } from '@tessera/testing';
import { bothPaths, headers, message, pairOpener } from './support/two-paths';

// A `Date` property is advertised as { type: 'string', format: 'date-time' }: the server keeps that promise.
// An RFC 3339 date-time string reaches the method as a Date; anything else is the usual -32602 naming the field.

class Meeting {
  @Field() at!: Date;
  @Field({ type: () => [Date] }) @IsOptional() reminders?: Date[];
}

class Window {
  @Field() @IsDate() @MinDate(new Date('2026-01-01T00:00:00Z')) from!: Date;
}

class Booking {
  @Field() @ValidateNested() @Type(() => Window) window!: Window;
}

class Reminder {
  // class-transformer alone would make a Date of anything `new Date` takes
  @Field() @Type(() => Date) due!: Date;
}

class Slot {
  @Field({ title: 'When?' }) when!: Date;
}

@Provider()
class Calendar {
  @Tool()
  meet(@Args() meeting: Meeting): string {
    return JSON.stringify({
      at: meeting.at instanceof Date ? meeting.at.toISOString() : `not a Date: ${typeof meeting.at}`,
      reminders: meeting.reminders?.map((r) => (r instanceof Date ? r.toISOString() : typeof r)),
    });
  }

  @Tool()
  book(@Args() booking: Booking): string {
    return booking.window.from instanceof Date ? booking.window.from.toISOString() : 'not a Date';
  }

  @Tool()
  remind(@Args() reminder: Reminder): string {
    return reminder.due instanceof Date ? reminder.due.toISOString() : 'not a Date';
  }

  @Tool()
  slot(@Elicit({ key: 'slot', message: 'When?', schema: Slot }) slot: Slot): string {
    return slot.when instanceof Date ? slot.when.toISOString() : `not a Date: ${typeof slot.when}`;
  }
}

const app = () => createApp({ name: 'dates', version: '1', providers: [Calendar], logger: silentLogger });
const text = (body: { result?: Record<string, unknown> }) =>
  (body.result as { content: { text: string }[] }).content[0]!.text;
/** A tool's invalid arguments answer an `isError` result naming the fields (the README's table of answers). */
const refusal = (body: { result?: Record<string, unknown> }) => {
  expect(body.result).toMatchObject({ isError: true });
  return text(body);
};

test('the schema promises an RFC 3339 date-time string', async () => {
  const listed = await sendRaw(app(), 'tools/list', {});
  const meet = (listed.body.result!.tools as { name: string; inputSchema: Record<string, unknown> }[]).find(
    (t) => t.name === 'meet',
  )!;
  expect(meet.inputSchema.properties).toMatchObject({
    at: { type: 'string', format: 'date-time' },
    reminders: { type: 'array', items: { type: 'string', format: 'date-time' } },
  });
});

test('a date-time string reaches the method as a Date, in a property and in an array', async () => {
  const r = await sendRaw(app(), 'tools/call', {
    name: 'meet',
    arguments: { at: '2026-07-28T11:30:00+02:00', reminders: ['2026-07-28T09:00:00.5Z'] },
  });
  expect(JSON.parse(text(r.body))).toEqual({
    at: '2026-07-28T09:30:00.000Z',
    reminders: ['2026-07-28T09:00:00.500Z'],
  });
});

test.each([
  ['words', 'not a date'],
  ['a date without a time', '2026-07-28'],
  ['a time without an offset', '2026-07-28T09:30:00'],
  ['a day the month does not have', '2026-02-30T09:30:00Z'],
  ['a number', 1785230400000],
])('%s is refused as invalid arguments naming the field; the method never runs', async (_what, at) => {
  const r = await sendRaw(app(), 'tools/call', { name: 'meet', arguments: { at } });
  expect(refusal(r.body)).toContain('at: at must be an RFC 3339 date-time string, such as 2026-07-28T09:30:00Z');
});

test('an array item that is no date-time is named by its index', async () => {
  const r = await sendRaw(app(), 'tools/call', {
    name: 'meet',
    arguments: { at: '2026-07-28T09:30:00Z', reminders: ['2026-07-28T09:00:00Z', 'soon'] },
  });
  expect(refusal(r.body)).toContain('reminders.1: reminders.1 must be');
});

test('in a nested DTO, @IsDate() and @MinDate() see the converted Date', async () => {
  const ok = await sendRaw(app(), 'tools/call', {
    name: 'book',
    arguments: { window: { from: '2026-07-28T09:30:00Z' } },
  });
  expect(text(ok.body)).toBe('2026-07-28T09:30:00.000Z');
  const early = await sendRaw(app(), 'tools/call', {
    name: 'book',
    arguments: { window: { from: '2025-07-28T09:30:00Z' } },
  });
  expect(refusal(early.body)).toContain('window.from');
  const wrong = await sendRaw(app(), 'tools/call', { name: 'book', arguments: { window: { from: 'tuesday' } } });
  expect(refusal(wrong.body)).toContain('window.from: from must be an RFC 3339 date-time string');
  expect(refusal(wrong.body)).not.toContain('Date instance');
});

test('with @Type(() => Date) too, only an RFC 3339 date-time is taken', async () => {
  const ok = await sendRaw(app(), 'tools/call', { name: 'remind', arguments: { due: '2026-07-28T09:30:00Z' } });
  expect(text(ok.body)).toBe('2026-07-28T09:30:00.000Z');
  for (const due of ['2026-07-28', 'Tuesday 28 July 2026']) {
    const r = await sendRaw(app(), 'tools/call', { name: 'remind', arguments: { due } });
    expect(refusal(r.body)).toContain('due: due must be an RFC 3339 date-time string');
  }
});

describe('an elicitation answer with a Date field', () => {
  const caps = { capabilities: { elicitation: {} } };

  async function answer(when: unknown) {
    const served = app();
    const first = await sendRaw(served, 'tools/call', { name: 'slot', arguments: {} }, caps);
    expect(first.body.result).toMatchObject({
      inputRequests: {
        slot: { params: { requestedSchema: { properties: { when: { type: 'string', format: 'date-time' } } } } },
      },
    });
    return sendRaw(
      served,
      'tools/call',
      {
        name: 'slot',
        arguments: {},
        requestState: first.body.result!.requestState,
        inputResponses: { slot: { action: 'accept', content: { when } } },
      },
      { ...caps, id: 2 },
    );
  }

  test('a date-time answer reaches the method as a Date', async () => {
    expect(text((await answer('2026-07-28T09:30:00Z')).body)).toBe('2026-07-28T09:30:00.000Z');
  });

  test('an answer that is no date-time is asked again, saying why', async () => {
    const r = await answer('next week');
    expect(JSON.stringify(r.body.result)).toContain('when must be an RFC 3339 date-time string');
  });
});

const openPair = pairOpener();

test("listen's fast lane converts and refuses as the SDK's path does", async () => {
  const on = await openPair(app());
  const call = (at: string) => ({
    headers: headers('tools/call', 'meet'),
    body: message('tools/call', { name: 'meet', arguments: { at } }),
  });
  const ok = await bothPaths(on.fast, on.sdk, call('2026-07-28T11:30:00+02:00'));
  expect(ok.text).toContain('2026-07-28T09:30:00.000Z');
  const refused = await bothPaths(on.fast, on.sdk, call('not a date'));
  expect(refused.text).toContain('at must be an RFC 3339 date-time string');
});
