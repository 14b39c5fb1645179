import 'reflect-metadata';
import { IsString } from 'class-validator';
import {
  Args,
  createApp,
  Elicit,
  Field,
  Prompt,
  Provider,
  RequestStateSecurity,
  Resource,
  ResourceTemplate,
  silentLogger,
  Tool,
  UseGuards,
  type Guard,
} from '@tessera/core';
import { describeApp } from '@tessera/core/advanced';

// describeApp reports what an app declares without serving it (tessera inspect prints it): the listed input
// schemas, the questions as declared (a computed part said to be computed, never run), each handler's
// pipeline, and the request-state settings without a key.

class Topic {
  @Field({ description: 'Topic' })
  @IsString()
  topic!: string;
}
class Audience {
  @IsString()
  audience!: string;
}
class Vars {
  @IsString()
  id!: string;
}

const admins: Guard & { name: string } = { name: 'admins', canActivate: () => true };
let computedMessageRuns = 0;

@Provider()
class Briefs {
  @Tool({ description: 'Plans a brief.', task: 'required', scopes: ['briefs:write'] })
  @UseGuards(admins)
  plan(
    @Args() args: Topic,
    @Elicit({
      key: 'audience',
      message: () => {
        computedMessageRuns++;
        return 'Who reads it?';
      },
      schema: Audience,
    })
    audience: Audience,
  ): string {
    return `${args.topic} for ${audience.audience}`;
  }

  @Prompt({ description: 'A prompt.' })
  outline(@Args() args: Topic): string {
    return `outline of ${args.topic}`;
  }

  @Resource('brief://latest', { name: 'latest' })
  latest(): string {
    return 'latest';
  }

  @ResourceTemplate('brief://{id}', { name: 'brief' })
  one(@Args() vars: Vars): string {
    return vars.id;
  }
}

describe('describeApp', () => {
  const key = 'describe-app-test-key-0123456789abcdef-xyz';
  const app = createApp({
    name: 'briefs',
    version: '2.0.0',
    providers: [Briefs],
    logger: silentLogger,
    security: new RequestStateSecurity({ keys: [key], ttl: 120 }),
  });
  afterAll(() => app.close());

  test("lists each tool with its listed schema, questions, task support, scopes and the handler's pipeline", () => {
    const surface = describeApp(app);
    expect(surface.name).toBe('briefs');
    expect(surface.version).toBe('2.0.0');
    const [tool] = surface.tools;
    expect(tool).toMatchObject({
      name: 'plan',
      method: 'Briefs.plan',
      description: 'Plans a brief.',
      taskSupport: 'required',
      scopes: ['briefs:write'],
    });
    expect(tool!.inputSchema).toEqual(expect.objectContaining({ properties: { topic: expect.any(Object) } }));
    expect(tool!.questions).toEqual([
      expect.objectContaining({ key: 'audience', decorator: '@Elicit', message: null, after: [], inject: 'value' }),
    ]);
    expect(computedMessageRuns).toBe(0);
    expect(tool!.pipeline).toEqual(app.describePipeline('tools/call', 'plan'));
    expect(tool!.pipeline.find((s) => s.stage === 'guards')!.runs).toEqual(['admins']);
    expect(surface.extensions).toEqual(['io.modelcontextprotocol/tasks']);
  });

  test('lists prompts, resources and templates by name with their methods', () => {
    const surface = describeApp(app);
    expect(surface.prompts.map((p) => [p.name, p.method])).toEqual([['outline', 'Briefs.outline']]);
    // as prompts/list sends them
    expect(surface.prompts[0]!.arguments).toEqual([{ name: 'topic', description: 'Topic', required: true }]);
    expect(surface.resources.map((r) => [r.name, r.method])).toEqual([['brief://latest', 'Briefs.latest']]);
    expect(surface.templates.map((t) => [t.name, t.method])).toEqual([['brief://{id}', 'Briefs.one']]);
    expect(surface.skills).toBe(false);
  });

  test('reports the request-state settings and never the key', () => {
    const surface = describeApp(app);
    expect(surface.security).toEqual({
      keySource: 'configured',
      ttlSeconds: 120,
      audience: null,
      singleUse: false,
      recordsIdempotentLegs: false,
      bindsPrincipal: false,
    });
    const printed = JSON.stringify(surface);
    for (const encoded of [key, Buffer.from(key).toString('base64'), Buffer.from(key).toString('hex')])
      expect(printed).not.toContain(encoded);
  });

  test('an app without a configured policy reports its ephemeral key source', async () => {
    const plain = createApp({ name: 'plain', version: '1', providers: [], logger: silentLogger });
    expect(describeApp(plain).security.keySource).toBe('ephemeral');
    expect(describeApp(plain).extensions).toEqual([]);
    await plain.close();
  });

  test('refuses what is not an app', () => {
    expect(() => describeApp({} as never)).toThrow('describeApp: not an app made by createApp');
  });
});
