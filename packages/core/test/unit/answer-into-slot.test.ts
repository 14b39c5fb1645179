import { PerRequestHTTPServerTransport, type MessageClassification } from '@modelcontextprotocol/server';
import { AnswerSlot } from '../../src/accelerators/lane/answer-slot';
import { answerIntoSlot } from '../../src/accelerators/lane/answer-into-slot';

// answer-into-slot.ts reads private members of the SDK's per-request transport and, when they are not
// there, quietly leaves the transport alone (the SDK's own Response then). This fails loudly instead when an
// SDK upgrade renames them, so the fast path's saving is not lost without anyone noticing.
describe('answerIntoSlot against the installed SDK', () => {
  it("finds the per-request transport's members it reads, and takes over its send", () => {
    const transport = new PerRequestHTTPServerTransport({ classification: {} as MessageClassification });
    const original = transport.send;
    answerIntoSlot(transport, new AnswerSlot());
    expect(transport.send).not.toBe(original);
  });
});
