// Legs of a check run side by side, a few at a time, each printing its lines as one block: a leg's lines are held
// until it ends and printed in the legs' order, so the log reads as if they had run one after another (each line
// keeps the time it was written). The first failure stops the other legs; the check waits for all of them.
import { stepLine } from '../check-packages/support.mjs';

/**
 * Runs each leg (`{ title, run(step, signal) }`) with at most `limit` at a time, in the given order; `step(title)`
 * records a line, `signal` aborts when another leg failed. A leg may await a promise settled by an earlier one (it
 * has started by then). Resolves with the legs' results; rejects with the first failure once all have stopped.
 */
export async function runLegs(legs, limit) {
  const controller = new AbortController();
  const outcomes = legs.map(() => ({ lines: [], done: false }));
  let printed = 0;
  let next = 0;
  let failure;
  const results = [];

  const printReady = () => {
    for (; printed < legs.length && outcomes[printed].done; printed += 1)
      for (const line of outcomes[printed].lines) console.log(line);
  };

  async function worker() {
    while (next < legs.length && !controller.signal.aborted) {
      const index = next;
      next += 1;
      const outcome = outcomes[index];
      try {
        results[index] = await legs[index].run((title) => outcome.lines.push(stepLine(title)), controller.signal);
      } catch (error) {
        if (failure === undefined) {
          failure = error;
          outcome.lines.push(stepLine(`${legs[index].title}: FAILED`));
          controller.abort(`${legs[index].title} failed`);
        } else outcome.lines.push(stepLine(`${legs[index].title}: stopped (${controller.signal.reason})`));
      } finally {
        outcome.done = true;
        printReady();
      }
    }
  }

  await Promise.all(Array.from({ length: Math.min(limit, legs.length) }, worker));
  for (const [index, outcome] of outcomes.entries())
    if (index >= printed && outcome.done) for (const line of outcome.lines) console.log(line);
  if (failure !== undefined) throw failure;
  return results;
}
