import 'reflect-metadata';
import { TesseraClient } from '@tessera/client';
import { createApp, silentLogger } from '@tessera/core';
import { briefingModule } from './briefing.module';

/**
 * The main job, end to end in one process: the briefing server (default process-local key) and the
 * Tessera client completing multi-round flows in memory on protocol 2026-07-28.
 */
async function main(): Promise<void> {
  const app = createApp({ ...briefingModule, logger: silentLogger });
  const client = new TesseraClient({
    name: 'demo-client',
    elicitation: async ({ message }) => {
      const answer: Record<string, string | number> = message.startsWith('How long')
        ? { minutes: 20 }
        : { audience: 'executives' };
      console.log(`  ? ${message}  -> ${JSON.stringify(answer)}`);
      return { action: 'accept', content: answer };
    },
    sampling: async () => {
      console.log('  ? (sampling) agenda  -> three points');
      return { role: 'assistant', model: 'demo-model', content: { type: 'text', text: 'risks, costs, next steps' } };
    },
    hooks: {
      onRound: (e) =>
        console.log(
          `  round ${e.round}: ${Object.keys(e.inputRequests ?? {}).length} question(s)${e.requestState ? ', sealed state ' + e.requestState.slice(0, 16) + '...' : ''}`,
        ),
    },
  });
  await client.connect({ fetch: app.fetch });
  console.log(`connected, protocol ${client.protocolVersion}`);

  console.log('prompts/get briefing { topic: "the Q3 launch" }');
  const prompt = await client.getPrompt({ name: 'briefing', arguments: { topic: 'the Q3 launch' } });
  console.log(`  => ${JSON.stringify(prompt.messages[0].content)}`);

  console.log('tools/call plan_session { topic: "the Q3 launch" }');
  const result = await client.callTool({ name: 'plan_session', arguments: { topic: 'the Q3 launch' } });
  console.log(`  => ${JSON.stringify(result.content)}`);

  await client.close();
  await app.close();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
