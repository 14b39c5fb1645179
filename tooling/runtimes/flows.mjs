// What the check asks of a served example app: the three-leg plan_trip flow through TesseraClient, and
// the same flow leg by leg over plain HTTP, so that each leg can go to another runtime.
import { TesseraClient } from '@tessera/client';
import { rawRequestInit } from '@tessera/testing';

const ANSWERS = {
  dates: { action: 'accept', content: { when: 'next weekend' } },
  confirm: { action: 'accept', content: { confirm: true } },
};

/** plan_trip through TesseraClient: both questions asked in order, the booking made by `runtime`. */
export async function clientFlow(url, runtime) {
  const asked = [];
  const client = new TesseraClient({
    name: 'check-runtimes',
    elicitation: async (params) => {
      asked.push(params.message);
      return params.message.startsWith('When') ? ANSWERS.dates : ANSWERS.confirm;
    },
  });
  await client.connect({ url });
  try {
    const result = await client.callTool({ name: 'plan_trip', arguments: { city: 'Lisbon' } });
    const text = result.content.map((c) => (c.type === 'text' ? c.text : '')).join('');
    expectEqual(`${runtime}: the questions`, asked, ['When do you go to Lisbon?', 'Book Lisbon for next weekend?']);
    expectEqual(`${runtime}: the answer`, text, `Booked Lisbon for next weekend (served by ${runtime})`);
  } finally {
    await client.close();
  }
}

const CLIENT_INFO = { 'io.modelcontextprotocol/clientInfo': { name: 'check-runtimes', version: '0' } };

/** One plan_trip leg over HTTP; returns the JSON-RPC message and the HTTP status. */
async function post(url, extra = {}) {
  const params = { name: 'plan_trip', arguments: { city: 'Porto' }, _meta: CLIENT_INFO, ...extra };
  const response = await fetch(
    url,
    rawRequestInit('tools/call', params, { capabilities: { elicitation: { form: {} } } }),
  );
  const body = await response.text();
  return { status: response.status, body, message: JSON.parse(body) };
}

/** One plan_trip leg over HTTP; returns the JSON-RPC result. */
export async function leg(url, extra = {}) {
  const { status, body, message } = await post(url, extra);
  if (status !== 200 || message.result === undefined)
    throw new Error(`${url} answered ${status}: ${body.slice(0, 500)}`);
  return message.result;
}

/**
 * A state altered in transit is refused as invalid params (-32602) and logged by the app's default logger:
 * on workerd too, where there is no `process` to write to.
 */
export async function refusedState(server) {
  const state = stateOf(await leg(server.url), `${server.runtime}'s first leg`);
  const middle = Math.floor(state.length / 2);
  const altered = state.slice(0, middle) + (state[middle] === 'A' ? 'B' : 'A') + state.slice(middle + 1);
  const { message } = await post(server.url, { requestState: altered, inputResponses: { dates: ANSWERS.dates } });
  expectEqual(`${server.runtime}: an altered state's error code`, message.error?.code, -32602);
}

/**
 * The flow's three legs on `first`, `second`, `first`: the state `first` sealed is opened by `second`,
 * whose own is opened by `first` again. Returns the final text.
 */
export async function crossFlow(first, second) {
  const asked = await leg(first.url);
  const state1 = stateOf(asked, `${first.runtime}'s first leg`);
  const confirm = await leg(second.url, { requestState: state1, inputResponses: { dates: ANSWERS.dates } });
  const state2 = stateOf(confirm, `${second.runtime}'s leg opening ${first.runtime}'s state`);
  const done = await leg(first.url, { requestState: state2, inputResponses: { confirm: ANSWERS.confirm } });
  const text = (done.content ?? []).map((c) => c.text ?? '').join('');
  expectEqual(
    `sealed on ${first.runtime}, opened on ${second.runtime} and back`,
    text,
    `Booked Porto for next weekend (served by ${first.runtime})`,
  );
}

function stateOf(result, where) {
  if (result.resultType !== 'input_required' && result.inputRequests === undefined)
    throw new Error(`${where}: expected a question, got ${JSON.stringify(result).slice(0, 300)}`);
  if (typeof result.requestState !== 'string') throw new Error(`${where}: no requestState`);
  return result.requestState;
}

export function expectEqual(what, actual, expected) {
  if (JSON.stringify(actual) !== JSON.stringify(expected))
    throw new Error(`${what}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`);
}
