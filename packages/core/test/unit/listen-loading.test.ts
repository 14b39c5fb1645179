import path from 'node:path';
import { runSourceAsync } from '../e2e/support/run-source';

// What a server loads on first use only (core's optional features, src/loading/optional-features.ts, read by the
// fixture, and other modules by name): a plain server on `listen` whose first tools/call the fast lane
// answers never loads those modules (part of every server's start); the request, option or face that needs
// one loads it, and works as before (so the check is real).

const fixture = path.join(__dirname, '..', 'e2e', 'fixtures', 'listen-loading.fixture.ts');

const run = () => runSourceAsync([fixture]);

describe('modules listen loads on first use', () => {
  test('the first tools/call loads none of them; each request, face, option or app that needs one loads it', async () => {
    const { code, stdout, stderr } = await run();
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const none = {
      // core's optional features, each by its module (src/loading/optional-features.ts): none is in use yet
      auth: false,
      jose: false,
      tasks: false,
      // telemetry is off: its stages and records load with the first app that turns it on, OpenTelemetry with them
      telemetry: false,
      openTelemetry: false,
      questions: false,
      legacySessions: false,
      rawInputSchemas: false,
      // a body under 16 KiB is parsed without the pre-parse scan: its scanner loads with the first larger one
      largeBodyScan: false,
      skills: false,
      skillFolders: false,
      sdkNodeAdapter: false,
      stdio: false,
      // the idle GC is off unless asked for (and then takes V8's gc, loading node:v8, when it first runs)
      idleGc: false,
      nodeV8: false,
      undici: false,
      // request-state draws its keys and nonces with node:crypto on Node: node's Web Crypto never loads
      nodeWebCrypto: false,
      // every DTO here is flat; a nested one loads it (the nested-DTO tests convert through it)
      classTransformer: false,
      // the fixture's DTOs import their decorators from class-validator's root themselves
      classValidator: true,
      // no MCP Apps view, app tool or app-rendered question
      extApps: false,
      // no view returned as a file
      fileReads: false,
      // core imports @tessera/request-state/framework: the root and the raw SDK guard load with a user's import
      requestStateGuard: false,
      // request-state hashes and derives keys with node:crypto on Node: @noble/* only off Node or to compare in constant time
      noble: false,
      // no single-use store here: request-state's consume and claim steps load with a policy that has one
      singleUseClaims: false,
      // on Node request-state seals with node:crypto and encodes with Buffer, whatever the policy
      webCryptoCodec: false,
      // a direct tools/call is all the lane served: its exchange with its SDK handler loads with another request
      laneExchange: false,
      // the answer was plain JSON: no message before the result, no prompt or resource read
      eventStream: false,
      encodedResult: false,
      // no question asked, no hand-written input schema (the SDK's Ajv validator comes with one)
      inputRequiredJson: false,
      ajv: false,
    };
    // each step below loads what the one before it did, and its own
    const listed = { ...none, laneExchange: true };
    const thrown = listed;
    const invalid = thrown;
    // the event stream is a web Response: node's fetch globals load with it
    const progress = { ...invalid, eventStream: true, undici: true };
    const prompt = { ...progress, encodedResult: true };
    const requests = prompt;
    const served = { sdkNodeAdapter: true, undici: true, auth: true, stdio: true, legacySessions: true };
    const asking = { ...requests, ...served, questions: true };
    const asked = { ...asking, inputRequiredJson: true };
    const telemetry = { ...asked, telemetry: true, openTelemetry: true };
    const root = { ...telemetry, requestStateGuard: true };
    const singleUse = { ...root, singleUseClaims: true };
    const webCodec = { ...singleUse, webCryptoCodec: true };
    const rawSchema = { ...webCodec, largeBodyScan: true, rawInputSchemas: true, ajv: true };
    expect(JSON.parse(stdout)).toEqual({
      text: 'hello',
      afterCall: none,
      listed: 4,
      afterList: listed,
      thrown: { isError: true, text: 'no luck' },
      afterThrown: thrown,
      invalid: { isError: true, text: 'Invalid arguments for tool "hello": name: name must be a string' },
      afterInvalid: invalid,
      stepped: { type: 'text/event-stream', last: true },
      afterProgress: progress,
      prompt: 1,
      afterPrompt: prompt,
      summed: { total: 4 },
      afterOutput: requests,
      // a stateless server has no stream to open: the SDK's adapter answers the GET 405
      getStatus: 405,
      afterGet: { ...requests, sdkNodeAdapter: true },
      // the app with auth serves legacy sessions too
      afterAuth: { ...requests, sdkNodeAdapter: true, auth: true, legacySessions: true },
      afterStdio: { ...requests, ...served },
      // an app with a dependency parameter loads the question kinds and the resolver as it compiles it
      afterAskingApp: asking,
      askResult: 'input_required',
      afterAsk: asked,
      afterTelemetryApp: telemetry,
      sameClasses: true,
      afterRoot: root,
      singleUseState: { step: 1 },
      afterSingleUse: singleUse,
      afterWebCodec: webCodec,
      largeAnswered: true,
      afterLargeBody: { ...webCodec, largeBodyScan: true },
      rawText: '{"n":1}',
      afterRawSchema: rawSchema,
      // a task tool's app builds the task runtime
      afterTasks: { ...rawSchema, tasks: true },
      // the fixture runs without --expose-gc: asking for the idle GC is refused, and nothing loads for it
      idleGcRefused: true,
      afterIdleGc: { ...rawSchema, tasks: true },
    });
  }, 90_000);
});
