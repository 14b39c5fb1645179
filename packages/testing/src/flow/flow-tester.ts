import type { Client, ClientCapabilities } from '@modelcontextprotocol/client';
import { ConsoleLogger, createApp, RequestStateSecurity, type AppModule, type ExecutionContext } from '@tessera/core';
import { checkTestOptions } from '../check-test-options';
import { connectInMemory, type FetchServable } from '../connect-in-memory';
import type { FakeClock } from './fake-clock';
import type { FlowRun } from './flow-run';
import type { FlowScript } from './flow-script';
import { runFlow } from './run-flow';

export interface FlowTesterOptions {
  /**
   * A clock for `requestState` expiry. With an app module that has no `security`, the tester builds the app on
   * a process-local key read against this clock. With your own policy, pass `clock.now` to it yourself.
   */
  clock?: FakeClock;
  /** What the test client declares; default every kind of question (form and URL elicitation, sampling, roots). */
  capabilities?: ClientCapabilities;
}

const FLOW_TESTER_OPTIONS = { clock: true, capabilities: true } as const satisfies Record<
  keyof FlowTesterOptions,
  true
>;

/** Every question kind, so a flow test is never stopped by capability gating unless it asks to be. */
export const ALL_INPUT_CAPABILITIES: ClientCapabilities = {
  elicitation: { form: {}, url: {} },
  sampling: {},
  roots: {},
};

/** Runs scripted flows against one app, in memory, over the full wire (the official SDK client). */
export class FlowTester {
  constructor(
    /** The SDK client, for anything else the test needs (listTools, ...). */
    readonly client: Client,
    private readonly ownedApp: { close(): Promise<void> } | undefined,
  ) {}

  /** Calls a tool and answers its rounds from the script. */
  callTool(name: string, args: Record<string, unknown> = {}, script: FlowScript = {}): Promise<FlowRun> {
    return runFlow(this.client, { method: 'tools/call', name, arguments: args }, script);
  }

  /** Gets a prompt and answers its rounds from the script. */
  getPrompt(name: string, args: Record<string, string> = {}, script: FlowScript = {}): Promise<FlowRun> {
    return runFlow(this.client, { method: 'prompts/get', name, arguments: args }, script);
  }

  /** Reads a resource (a template's URI) and answers its rounds from the script. */
  readResource(uri: string, script: FlowScript = {}): Promise<FlowRun> {
    return runFlow(this.client, { method: 'resources/read', uri }, script);
  }

  /** Closes the client, and the app when the tester built it from a module. */
  async close(): Promise<void> {
    await this.client.close();
    await this.ownedApp?.close();
  }
}

/**
 * Connects a flow tester to an app (anything with a web-standard `fetch`) or to an app module, which it builds
 * with a logger that prints only errors to stderr, so a handler that throws is seen in the test's output (unless
 * the module has its own logger) and, given a `clock`, a process-local key on that clock.
 */
export async function createFlowTester(
  target: AppModule | FetchServable,
  options: FlowTesterOptions = {},
): Promise<FlowTester> {
  checkTestOptions(options, FLOW_TESTER_OPTIONS, 'createFlowTester');
  if (isServable(target) && options.clock !== undefined) {
    throw new TypeError(
      'createFlowTester: a clock can only be wired into an app module it builds; for a built app, pass clock.now to its RequestStateSecurity({ clock })',
    );
  }
  const app = isServable(target) ? target : buildApp(target, options.clock);
  const client = await connectInMemory(app, {
    capabilities: options.capabilities ?? ALL_INPUT_CAPABILITIES,
    options: { inputRequired: { autoFulfill: false } },
  });
  return new FlowTester(client, isServable(target) ? undefined : (app as ReturnType<typeof createApp>));
}

function isServable(target: AppModule | FetchServable): target is FetchServable {
  return typeof (target as Partial<FetchServable>).fetch === 'function';
}

function buildApp(module: AppModule, clock: FakeClock | undefined): FetchServable & { close(): Promise<void> } {
  if (clock !== undefined && module.security !== undefined) {
    throw new TypeError(
      `createFlowTester: module "${module.name}" has its own security policy, so the tester cannot set its clock; pass clock.now to that RequestStateSecurity({ clock })`,
    );
  }
  const security =
    clock !== undefined ? RequestStateSecurity.ephemeral<ExecutionContext>({ clock: clock.now }) : module.security;
  const logger = module.logger ?? new ConsoleLogger({ level: 'error' });
  return createApp({ ...module, logger, ...(security !== undefined && { security }) });
}
