import {
  InputRequiredRoundsExceededError,
  isInputRequired,
  TesseraClient,
  type ElicitationCallback,
} from '@tessera/client';
import { Fleet } from './fleet';
import { generateKey, keyId } from './keys';

/**
 * `node dist/demo.js`: three short stories on real processes, all on 127.0.0.1.
 *  1. shared keys: one flow, three legs, served by different instances behind nginx (round robin);
 *  2. a key rotation in the running fleet, with a flow in flight across it;
 *  3. no shared keys: the retry lands elsewhere, the server refuses the state, the client starts over.
 */

const BOOK = { name: 'book_service', arguments: { vehicle: 'TRK-042' } };

const answer: ElicitationCallback = async ({ message }) => {
  const content: Record<string, string> = message.startsWith('Which depot')
    ? { depot: 'north' }
    : message.startsWith('Morning')
      ? { slot: 'morning' }
      : { confirm: 'yes' };
  console.log(`      ? ${message} -> ${JSON.stringify(content)}`);
  return { action: 'accept', content };
};

/** A client over nginx; which instance served each leg is printed from the instances' own logs (`onLeg`). */
async function connect(
  fleet: Fleet,
  options: { maxRounds?: number; restartOnInvalidState?: boolean } = {},
): Promise<TesseraClient> {
  const client = new TesseraClient({
    name: 'fleet-demo',
    elicitation: answer,
    ...options,
    hooks: {
      onRound: (e) =>
        void (e.restarted && console.log(`      ! the server refused the state: the client starts the flow over`)),
    },
  });
  await client.connect({ url: fleet.url.href });
  return client;
}

/** Prints `leg -> i2` for every leg an instance logs as served, and every refusal. */
const onInstanceStderr = (line: string, instance: string) => {
  if (line.includes('"leg served"')) console.log(`    leg -> ${instance}`);
  else if (line.includes('"requestState refused"')) console.log(`    leg -> ${instance}: requestState refused`);
};

const quiet = { onInstanceStderr };

async function sharedKeys(): Promise<void> {
  console.log('\n1. Three instances, one shared key, nginx round robin (no sticky sessions)');
  const fleet = await Fleet.start({ instances: 3, ...quiet });
  try {
    console.log(`   ${fleet.instances.map((p) => `${p.id} (pid ${p.pid})`).join(', ')} behind ${fleet.url.href}`);
    const client = await connect(fleet);
    const result = await client.callTool(BOOK);
    console.log(`    => ${(result.content as Array<{ text: string }>)[0].text}`);
    await client.close();
  } finally {
    await fleet.stop();
  }
}

async function rotation(): Promise<void> {
  const OLD = generateKey();
  const NEW = generateKey();
  console.log(`\n2. Key rotation in a running fleet of two: OLD=${keyId(OLD)} NEW=${keyId(NEW)} (key ids)`);
  const fleet = await Fleet.start({ instances: 2, keys: [OLD], ...quiet });
  try {
    const client = await connect(fleet, { restartOnInvalidState: false });
    const first = await client.callTool(BOOK, { allowInputRequired: true });
    if (!isInputRequired(first)) throw new Error('expected a question');
    const inputResponses = await client.fulfil(first.inputRequests ?? {}, { call: { method: 'tools/call', ...BOOK } });
    console.log('    flow started under [OLD]');
    for (const keys of [
      [OLD, NEW],
      [NEW, OLD],
    ]) {
      await fleet.rollKeys(keys);
      console.log(`    rolled every instance, one at a time, to [${keys.map(keyId).join(', ')}]`);
    }
    const done = await client.callTool(BOOK, { inputResponses, requestState: first.requestState });
    console.log(`    => the flow started under [OLD] completed: ${(done.content as Array<{ text: string }>)[0].text}`);
    await fleet.rollKeys([NEW]);
    console.log(`    rolled to [${keyId(NEW)}] (one TTL later)`);
    await client.callTool(BOOK, { inputResponses, requestState: first.requestState }).then(
      () => console.log('    unexpected: an OLD-sealed state still opened'),
      (e: Error) => console.log(`    => a state sealed with OLD now gets: ${e.message}`),
    );
    await client.close();
    const forgiving = await connect(fleet); // restartOnInvalidState left on (the default)
    const again = await forgiving.callTool(BOOK, { inputResponses, requestState: first.requestState });
    console.log(
      `    => a client with the default restartOnInvalidState starts over instead: ${(again.content as Array<{ text: string }>)[0].text}`,
    );
    await forgiving.close();
  } finally {
    await fleet.stop();
  }
}

async function noSharedKeys(): Promise<void> {
  console.log('\n3. Two instances WITHOUT shared keys (each its own process-local key), round robin');
  const fleet = await Fleet.start({ instances: 2, keys: null, ...quiet });
  try {
    const client = await connect(fleet, { maxRounds: 2 });
    await client.callTool(BOOK).then(
      () => console.log('    => completed'),
      (e: unknown) =>
        console.log(
          e instanceof InputRequiredRoundsExceededError
            ? `    => every retry landed on the instance that did not seal its state: gave up after maxRounds = ${e.maxRounds}`
            : `    => ${String(e)}`,
        ),
    );
    await client.close();
  } finally {
    await fleet.stop();
  }
}

async function main(): Promise<void> {
  await sharedKeys();
  await rotation();
  await noSharedKeys();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
