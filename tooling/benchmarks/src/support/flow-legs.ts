import { firstLeg, FLOW_RESULT, secondLeg } from './flow-servers';
import { envelopeBody, envelopeHeaders, parseAnswer, type WireCall } from './wire';

/** One request a load slice repeats: its headers and body, and the check its answer must pass. */
export interface Load {
  /** Appended to the server's label in the tables. */
  what: string;
  headers: Record<string, string>;
  body: string;
}

const post = async (url: string, call: WireCall) =>
  parseAnswer(
    await (await fetch(url, { method: 'POST', headers: envelopeHeaders(call), body: envelopeBody(call) })).text(),
  );

/**
 * The two legs of the one-question flow (`provision` asks for a region) as loads: leg 1 asks and seals a
 * state; leg 2 carries the answer and that state and completes the tool. A sealed state may be presented
 * again until it expires (neither server is set to single-use), so one leg 2 body can be repeated; it is
 * fetched fresh before every slice (`legLoads` again) and checked to complete, twice, so that a refused
 * state could not pass for a cheap leg.
 */
export async function legLoads(url: string): Promise<[Load, Load]> {
  const asked = await post(url, firstLeg);
  const state = asked.result?.requestState;
  if (asked.result?.resultType !== 'input_required' || typeof state !== 'string')
    throw new Error(`flow leg 1 did not ask: ${JSON.stringify(asked).slice(0, 300)}`);
  const answer = secondLeg(state);
  for (let i = 0; i < 2; i++) {
    const done = await post(url, answer);
    if (done.result?.content?.[0]?.text !== FLOW_RESULT || done.result.isError)
      throw new Error(`flow leg 2 did not complete: ${JSON.stringify(done).slice(0, 300)}`);
  }
  return [
    { what: 'flow leg 1 (asks, seals)', headers: envelopeHeaders(firstLeg), body: envelopeBody(firstLeg) },
    { what: 'flow leg 2 (answer + state, completes)', headers: envelopeHeaders(answer), body: envelopeBody(answer) },
  ];
}
