import 'reflect-metadata';
import { createApp, Provider, silentLogger, Tool, UseGuards, type Guard, type TesseraApp } from '@tessera/core';
import { CALL_STAGES } from '../../src/pipeline/call-pipeline';
import { appInternals } from '../../src/app/tessera-app';

// The pipeline leaves out of a handler's chain the stages that would only call `next` for it. A stage may
// call itself idle only when nothing of it runs, i.e. when `describe` lists nothing for that handler.

const allow: Guard = { canActivate: () => true };

@Provider()
class Plain {
  @Tool()
  bare(): string {
    return 'ok';
  }
  @UseGuards(allow)
  @Tool()
  guarded(): string {
    return 'ok';
  }
}

function idleAndDescribed(app: TesseraApp, tool: string): { idle: string[]; describedEmpty: string[] } {
  const plan = appInternals(app).runtime.compiled.tools.get(tool)!;
  const view = { plan, tools: appInternals(app).runtime.pipeline, enhancers: plan.enhancers };
  return {
    idle: CALL_STAGES.filter((stage) => stage.isIdle?.(view)).map((stage) => stage.name),
    describedEmpty: CALL_STAGES.filter((stage) => stage.describe(view).length === 0).map((stage) => stage.name),
  };
}

describe('idle pipeline stages', () => {
  test('without telemetry or enhancers, only request-state, params and invoke run; an idle stage describes nothing', () => {
    const app = createApp({ name: 'idle', version: '1.0.0', providers: [Plain], logger: silentLogger });
    const { idle, describedEmpty } = idleAndDescribed(app, 'bare');
    expect(idle).toEqual(['state-refusals', 'round-trace', 'filters', 'guards', 'interceptors']);
    for (const name of idle) expect(describedEmpty).toContain(name);
  });

  test('a guard on the method, or telemetry on, keeps its stage in the chain', () => {
    const app = createApp({
      name: 'busy',
      version: '1.0.0',
      providers: [Plain],
      telemetry: true,
      logger: silentLogger,
    });
    const { idle, describedEmpty } = idleAndDescribed(app, 'guarded');
    expect(idle).toEqual(['filters', 'interceptors']);
    for (const name of idle) expect(describedEmpty).toContain(name);
  });
});
