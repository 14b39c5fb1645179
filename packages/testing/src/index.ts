/**
 * Flow tests for Tessera servers (answers scripted by question key, per-round checks, a fake clock), and in-memory and loopback connections of the real MCP client.
 *
 * @module @tessera/testing
 */
// Public API of @tessera/testing: named exports only; this list is the package's surface.
export { connectInMemory, connectHttp } from './connect-in-memory';
export type { FetchServable, TestClientOptions } from './connect-in-memory';
export { sendRaw, postRaw, rawRequestInit } from './send-raw';
export type { RawRequestOptions, RawRequestInit, RawResponse } from './send-raw';
export { connectLoopback } from './connect-loopback';
export type { LoopbackConnection } from './connect-loopback';

// flow tests: scripted answers by question key, per-round assertions, a fake clock
export { createFlowTester, FlowTester, ALL_INPUT_CAPABILITIES } from './flow/flow-tester';
export type { FlowTesterOptions } from './flow/flow-tester';
export { FlowRun } from './flow/flow-run';
export type { AskedOptions, QuestionExpectation } from './flow/flow-run';
export type { FlowScript } from './flow/flow-script';
export { DEFAULT_FLOW_MAX_ROUNDS } from './flow/flow-script';
export type { FlowRound, FlowOutcome } from './flow/flow-round';
export type { FlowCall } from './flow/flow-call';
export { runFlow } from './flow/run-flow';
export { answer } from './flow/answers';
export type { ScriptedAnswer, WrongAnswer } from './flow/answers';
export type { Question, QuestionKind } from './flow/question';
export { FakeClock } from './flow/fake-clock';
export { FlowAssertionError } from './errors/flow-assertion.error';

// MCP Apps: a client that renders apps, and checks of an app tool's entry
export { appRenderingCapabilities } from './apps/app-capabilities';
export { expectAppTool, appViewOf } from './apps/expect-app-tool';
export type { AppToolExpectation } from './apps/expect-app-tool';

// a tool table of any size, for costs that must not grow with it
export { echoToolTable, EchoArgs } from './echo-tool-table';
