// What a newcomer hit, replayed against the packages as installed from the tarballs and compiled by the
// project's own strict tsc (decorator metadata as a user's build emits it, which ts-jest's transpiling does not).
// Each scenario prints one line; the first failure exits non-zero.
import 'reflect-metadata';
import { IsString } from 'class-validator';
import {
  createApp,
  Elicit,
  Elicitation,
  Field,
  Provider,
  silentLogger,
  Tool,
  type FeatureModule,
  type Interceptor,
} from '@tessera/core';
import { TesseraClient } from '@tessera/client';

class Note {
  @Field() @IsString() text!: string;
}

// Compile-time: this project's tsc fails if a misuse below stops being a type error.
class Host {
  @Field() @IsString() name!: string;
}

@Provider()
export class TypedQuestions {
  @Tool()
  typed(
    @Elicit<Host>({ key: 'note', message: ({ args }) => `Note for ${args.name}?`, schema: Note }) _note: Note,
    @Elicit<Host, { note: Note }>({
      key: 'confirm',
      after: ['note'],
      message: ({ args, answers }) => `${args.name}: keep ${answers.note?.text ?? ''}?`,
      schema: Note,
    })
    _confirm: Note,
  ): void {}

  @Tool()
  typos(
    // @ts-expect-error `args.nmae`: the arguments are typed by the first generic
    @Elicit<Host>({ key: 'a', message: ({ args }) => `Note for ${args.nmae}?`, schema: Note }) _a: Note,
    // @ts-expect-error `answers.noet`: the answers are typed by the second
    @Elicit<Host, { a: Note }>({ after: ['a'], message: ({ answers }) => String(answers.noet), schema: Note }) _b: Note,
  ): void {}
}

const scenarios: Record<string, () => Promise<void>> = {
  async 'an @Elicit parameter typed `Note | undefined` is refused at createApp, naming inject'() {
    @Provider()
    class Notes {
      @Tool()
      note(@Elicit({ key: 'note', message: 'Note?', schema: Note }) note: Note | undefined): string {
        return note?.text ?? 'none';
      }
    }
    const refusal = refusalOf(() => createApp({ name: 'n', version: '1', providers: [Notes], logger: silentLogger }));
    expectMatch('refusal', refusal, /Notes\.note.*reflects as Object.*inject: 'value'.*inject: 'outcome'/s);
  },

  async "`Note` gets the value, `Elicitation<Note>` the outcome, `Note | undefined` with inject: 'value' the value"() {
    @Provider()
    class Notes {
      @Tool()
      value(@Elicit({ key: 'note', message: 'Note?', schema: Note }) note: Note): string {
        return `value ${note.text}`;
      }
      @Tool()
      outcome(@Elicit({ key: 'note', message: 'Note?', schema: Note }) note: Elicitation<Note>): string {
        return `outcome ${note.action}`;
      }
      @Tool()
      optional(
        @Elicit({ key: 'note', message: 'Note?', schema: Note, inject: 'value' }) note: Note | undefined,
      ): string {
        return `optional ${JSON.stringify(note)}`;
      }
    }
    const app = createApp({ name: 'n', version: '1', providers: [Notes], logger: silentLogger });
    const answer = (action: string) => async () =>
      action === 'accept' ? { action: 'accept' as const, content: { text: 'hi' } } : { action: 'decline' as const };
    const accepting = new TesseraClient({ elicitation: answer('accept') });
    await accepting.connect({ fetch: app.fetch });
    expectEqual('value', await textOf(accepting, 'value'), 'value hi');
    expectEqual('optional', await textOf(accepting, 'optional'), 'optional {"text":"hi"}');
    await accepting.close();
    const declining = new TesseraClient({ elicitation: answer('decline') });
    await declining.connect({ fetch: app.fetch });
    expectEqual('outcome', await textOf(declining, 'outcome'), 'outcome decline');
    await declining.close();
  },

  async 'describePipeline names the module, a plain-object enhancer and each dependency by its key'() {
    @Provider()
    class Notes {
      @Tool()
      note(@Elicit({ key: 'note', message: 'Note?', schema: Note }) note: Note): string {
        return note.text;
      }
    }
    const audit: Interceptor & { name: string } = { name: 'audit', intercept: (_ctx, next) => next() };
    const bare: Interceptor = { intercept: (_ctx, next) => next() };
    const notes: FeatureModule = { name: 'notes', providers: [Notes], interceptors: [audit, bare] };
    const app = createApp({ name: 'n', version: '1', providers: [], imports: [notes], logger: silentLogger });
    const runs = (stage: string) =>
      JSON.stringify(app.describePipeline('tools/call', 'note').find((s) => s.stage === stage)?.runs);
    expectEqual('interceptors', runs('interceptors'), '["audit","object { intercept }"]');
    expectEqual('params', runs('params'), `["#0 @Elicit 'note'"]`);
    expectEqual('invoke', runs('invoke'), '["Notes.note (module \\"notes\\")"]');
  },
};

async function textOf(client: TesseraClient, name: string): Promise<string> {
  const result = await client.callTool({ name, arguments: {} });
  return result.content.map((c) => (c.type === 'text' ? c.text : '')).join('');
}

function refusalOf(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
  throw new Error('expected a refusal, got none');
}

function expectEqual(what: string, actual: unknown, expected: unknown): void {
  if (actual !== expected) throw new Error(`${what}: expected ${String(expected)}, got ${String(actual)}`);
}

function expectMatch(what: string, actual: string, pattern: RegExp): void {
  if (!pattern.test(actual)) throw new Error(`${what}: expected to match ${String(pattern)}, got: ${actual}`);
}

async function main(): Promise<void> {
  for (const [name, scenario] of Object.entries(scenarios)) {
    await scenario();
    console.log(`ok: ${name}`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
