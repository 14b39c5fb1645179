import { IsString } from 'class-validator';
import { createApp, Elicit, Elicitation, Field, Provider, silentLogger, Tool } from '@tessera/core';
import { sendRaw } from '@tessera/testing';

// Whether an @Elicit parameter receives the answer or the outcome is never guessed from a type that
// reflection cannot tell apart (strict TypeScript reflects `Note | undefined` and interfaces as Object).

class Note {
  @Field() @IsString() text!: string;
}
interface NoteShape {
  text: string;
}

const caps = { capabilities: { elicitation: {} } };
const build = (provider: new () => unknown) =>
  createApp({ name: 'inject', version: '1', providers: [provider], logger: silentLogger });

async function answer(provider: new () => unknown, response: unknown) {
  const app = build(provider);
  const first = await sendRaw(app, 'tools/call', { name: 'note', arguments: {} }, caps);
  const retry = await sendRaw(
    app,
    'tools/call',
    {
      name: 'note',
      arguments: {},
      requestState: first.body.result!.requestState,
      inputResponses: { note: response },
    },
    { ...caps, id: 2 },
  );
  return retry.body;
}

describe('@Elicit injection mode', () => {
  test('a parameter reflected as Object (here an interface) is refused at createApp, naming inject', () => {
    @Provider()
    class Ambiguous {
      @Tool()
      note(@Elicit({ key: 'note', message: 'Note?', schema: Note }) note: NoteShape): string {
        return note.text;
      }
    }
    expect(() => build(Ambiguous)).toThrow(
      /Ambiguous\.note.*parameter #0 \(@Elicit "note"\) reflects as Object.*inject: 'value'.*inject: 'outcome'/s,
    );
  });

  test('a parameter with no decorator metadata (a build without emitDecoratorMetadata) is refused, saying what to do', () => {
    @Provider()
    class Bare {
      @Tool()
      note(@Elicit({ key: 'note', message: 'Note?', schema: Note }) note: Note): string {
        return note.text;
      }
    }
    Reflect.deleteMetadata('design:paramtypes', Bare.prototype, 'note');
    expect(() => build(Bare)).toThrow(
      /Bare\.note has no design:paramtypes metadata.*emitDecoratorMetadata.*inject: 'value'/s,
    );
  });

  test("inject: 'value' on such a parameter: the method gets the Note, and a decline ends the call", async () => {
    @Provider()
    class Explicit {
      @Tool()
      note(@Elicit({ key: 'note', message: 'Note?', schema: Note, inject: 'value' }) note: NoteShape): string {
        return `got ${JSON.stringify(note)}`;
      }
    }
    const accepted = await answer(Explicit, { action: 'accept', content: { text: 'hi' } });
    expect(accepted.result).toMatchObject({ content: [{ type: 'text', text: 'got {"text":"hi"}' }] });
    const declined = await answer(Explicit, { action: 'decline' });
    expect(declined.result).toMatchObject({ isError: true });
  });

  test("inject: 'outcome' on such a parameter: the method gets { action, content }", async () => {
    @Provider()
    class Explicit {
      @Tool()
      note(@Elicit({ key: 'note', message: 'Note?', schema: Note, inject: 'outcome' }) note: NoteShape): string {
        return `got ${JSON.stringify(note)}`;
      }
    }
    const declined = await answer(Explicit, { action: 'decline' });
    expect(declined.result).toMatchObject({ content: [{ type: 'text', text: 'got {"action":"decline"}' }] });
  });

  test('declared as the DTO: value; declared as Elicitation<Dto> (imported as a value): outcome', async () => {
    @Provider()
    class AsDto {
      @Tool()
      note(@Elicit({ key: 'note', message: 'Note?', schema: Note }) note: Note): string {
        return `value ${note.text}`;
      }
    }
    @Provider()
    class AsOutcome {
      @Tool()
      note(@Elicit({ key: 'note', message: 'Note?', schema: Note }) note: Elicitation<Note>): string {
        return `outcome ${note.action}`;
      }
    }
    const value = await answer(AsDto, { action: 'accept', content: { text: 'hi' } });
    expect(value.result).toMatchObject({ content: [{ type: 'text', text: 'value hi' }] });
    const outcome = await answer(AsOutcome, { action: 'decline' });
    expect(outcome.result).toMatchObject({ content: [{ type: 'text', text: 'outcome decline' }] });
  });

  test('a JSON schema object keeps the value default whatever the declared type', async () => {
    @Provider()
    class Plain {
      @Tool()
      note(
        @Elicit({
          key: 'note',
          message: 'Note?',
          schema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
        })
        note: NoteShape,
      ): string {
        return `value ${note.text}`;
      }
    }
    const value = await answer(Plain, { action: 'accept', content: { text: 'hi' } });
    expect(value.result).toMatchObject({ content: [{ type: 'text', text: 'value hi' }] });
  });
});
