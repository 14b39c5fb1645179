import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { IsString } from 'class-validator';
import {
  Args,
  createApp,
  Ctx,
  Elicit,
  Field,
  Provider,
  silentLogger,
  Tool,
  type ExecutionContext,
  type TesseraApp,
} from '@tessera/core';
import { listen } from '@tessera/core/node';

/**
 * Interop: a Tessera task tool with questions, driven to completion by the official Tasks requester
 * (`@modelcontextprotocol/ext-tasks`, `createTaskSessionFromClient` over the SDK `Client`). The package is ESM
 * only, so the requester runs as a node script against this process's server over real HTTP.
 */
const run = promisify(execFile);
const SCRIPT = join(__dirname, 'ext-tasks-requester.mjs');

class Target {
  @Field() @IsString() target!: string;
}
class Confirmation {
  @Field() @IsString() confirm!: string;
}
class Reason {
  @Field() @IsString() reason!: string;
}

@Provider()
class Deletions {
  static bodies = 0;

  @Tool({ task: 'required' })
  async confirmDelete(
    @Args() args: Target,
    @Ctx() ctx: ExecutionContext,
    @Elicit({ key: 'confirm', message: 'Type the name to confirm', schema: Confirmation }) yes: Confirmation,
    @Elicit({ key: 'reason', after: ['confirm'], message: 'Why delete it?', schema: Reason }) why: Reason,
  ): Promise<string> {
    Deletions.bodies++;
    await ctx.task!.status('deleting');
    return yes.confirm === args.target ? `deleted ${args.target} (${why.reason})` : 'not confirmed';
  }

  @Tool({ task: 'required' })
  broken(): string {
    throw new Error('disk on fire');
  }
}

let app: TesseraApp;
let url: string;
beforeAll(async () => {
  app = createApp({
    name: 'deletions',
    version: '1',
    providers: [Deletions],
    logger: silentLogger,
    tasks: { pollIntervalMs: 20 },
  });
  url = (await listen(app, { port: 0 })).url.toString();
});
afterAll(() => app.close());

async function requester(tool: string, args: object, answers: object) {
  const { stdout } = await run(process.execPath, [SCRIPT, url, tool, JSON.stringify(args), JSON.stringify(answers)], {
    timeout: 30_000,
  });
  return JSON.parse(stdout.trim().split('\n').at(-1)!);
}

test('the ext-tasks requester answers a Tessera task’s two questions and receives its result', async () => {
  Deletions.bodies = 0;
  const outcome = await requester(
    'confirmDelete',
    { target: 'prod-db' },
    { 'Type the name to confirm': { confirm: 'prod-db' }, 'Why delete it?': { reason: 'migrated' } },
  );
  expect(outcome).toMatchObject({ status: 'completed' });
  expect(outcome.result.content).toEqual([{ type: 'text', text: 'deleted prod-db (migrated)' }]);
  expect(outcome.asked.map((a: { message: string; scope: string }) => [a.message, a.scope])).toEqual([
    ['Type the name to confirm', 'task'],
    ['Why delete it?', 'task'],
  ]);
  expect(Deletions.bodies).toBe(1);
});

test('the ext-tasks requester sees a handler that threw as a completed task with a tool error result', async () => {
  const outcome = await requester('broken', {}, {});
  expect(outcome).toMatchObject({ status: 'completed', asked: [], result: { isError: true } });
});
