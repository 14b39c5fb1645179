import { createApp, Ctx, Provider, silentLogger, Tool, type ExecutionContext } from '@tessera/core';
import { connectInMemory } from '@tessera/testing';

@Provider()
class Reporter {
  @Tool()
  async work(@Ctx() ctx: ExecutionContext): Promise<string> {
    await ctx.progress(1, 3, 'one');
    await ctx.progress(3, 3, 'done');
    await ctx.log('info', { step: 'finished' });
    return ctx.signal.aborted ? 'aborted' : 'worked';
  }
}

describe('ExecutionContext progress and logging', () => {
  test('progress reaches a client that asked for it; the call completes', async () => {
    const client = await connectInMemory(
      createApp({ name: 'r', version: '1', providers: [Reporter], logger: silentLogger }),
    );
    const seen: Array<{ progress: number; total?: number; message?: string }> = [];
    const result = await client.callTool({ name: 'work', arguments: {} }, { onprogress: (p) => void seen.push(p) });
    expect(result.content).toEqual([{ type: 'text', text: 'worked' }]);
    expect(seen).toEqual([
      { progress: 1, total: 3, message: 'one' },
      { progress: 3, total: 3, message: 'done' },
    ]);
  });

  test('without a progress token, progress is a no-op', async () => {
    const client = await connectInMemory(
      createApp({ name: 'r', version: '1', providers: [Reporter], logger: silentLogger }),
    );
    const result = await client.callTool({ name: 'work', arguments: {} });
    expect(result.content).toEqual([{ type: 'text', text: 'worked' }]);
  });
});
