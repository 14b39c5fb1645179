import { readFileSync } from 'node:fs';
import path from 'node:path';
import { buildSync } from 'esbuild';
import ts from 'typescript';
import { createApp, MissingDesignMetadataError, silentLogger, TesseraErrorCode, type TesseraApp } from '@tessera/core';
import type { Class } from '../../src/types/class';

// esbuild (and wrangler, tsx, Vite, which bundle with it) compiles decorators but writes no
// design:paramtypes. createApp refuses what would need them, saying what to do; what names its types
// explicitly is served. The same source compiled by tsc with emitDecoratorMetadata serves all of it.

const source = path.join(__dirname, 'fixtures', 'esbuild-metadata.source.ts');
type Apps = Record<'reflectedArgs' | 'reflectedElicit' | 'reflectedConstructor' | 'explicit', Class[]>;

/** Runs CommonJS output here, its imports resolved as this test's are (@tessera/core from the sources). */
function load(code: string): Apps {
  const module = { exports: {} as { apps: Apps } };
  new Function('require', 'module', 'exports', code)(require, module, module.exports);
  return module.exports.apps;
}

function esbuildBundle(): Apps {
  const { outputFiles } = buildSync({
    entryPoints: [source],
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'cjs',
    write: false,
    tsconfigRaw: { compilerOptions: { experimentalDecorators: true } },
  });
  return load(outputFiles[0]!.text);
}

function tscOutput(): Apps {
  const { outputText } = ts.transpileModule(readFileSync(source, 'utf8'), {
    compilerOptions: {
      module: ts.ModuleKind.CommonJS,
      target: ts.ScriptTarget.ES2022,
      experimentalDecorators: true,
      emitDecoratorMetadata: true,
    },
  });
  return load(outputText);
}

const app = (providers: Class[]) => createApp({ name: 'trips', version: '1', providers, logger: silentLogger });

const META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientInfo': { name: 't', version: '0' },
  'io.modelcontextprotocol/clientCapabilities': { elicitation: { form: {} } },
};

async function plan(served: TesseraApp, params: Record<string, unknown>): Promise<Record<string, unknown>> {
  const response = await served.fetch(
    new Request('http://esbuild.test/mcp', {
      method: 'POST',
      headers: {
        accept: 'application/json, text/event-stream',
        'content-type': 'application/json',
        'mcp-protocol-version': '2026-07-28',
        'mcp-method': 'tools/call',
        'mcp-name': 'plan',
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'plan', arguments: { city: 'Oslo' }, _meta: META, ...params },
      }),
    }),
  );
  return ((await response.json()) as { result: Record<string, unknown> }).result;
}

async function twoLegs(served: TesseraApp): Promise<unknown> {
  const first = await plan(served, {});
  return plan(served, {
    requestState: first.requestState,
    inputResponses: { when: { action: 'accept', content: { when: 'friday' } } },
  });
}

describe('bundled by esbuild (no design:paramtypes)', () => {
  const apps = esbuildBundle();

  test.each([
    ['reflectedArgs', /ReflectedArgs\.plan has no design:paramtypes metadata, and parameter #0 \(@Args\(\) without/],
    ['reflectedElicit', /ReflectedElicit\.plan has no design:paramtypes metadata, and parameter #0 \(@Elicit without/],
    [
      'reflectedConstructor',
      /Provider ReflectedConstructor has no design:paramtypes metadata, and constructor parameter #0/,
    ],
  ] as const)('%s is refused at createApp, saying what to do', (name, message) => {
    let thrown: unknown;
    try {
      app(apps[name]);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(MissingDesignMetadataError);
    expect((thrown as MissingDesignMetadataError).code).toBe(TesseraErrorCode.MissingDesignMetadata);
    expect((thrown as Error).message).toMatch(message);
    expect((thrown as Error).message).toMatch(/emitDecoratorMetadata.*tsc.*@Args\(\(\) => Dto\)/s);
  });

  test('types named explicitly are served: a two-leg @Elicit flow', async () => {
    const served = app(apps.explicit);
    await expect(twoLegs(served)).resolves.toMatchObject({ content: [{ type: 'text', text: 'Oslo friday' }] });
    await served.close();
  });
});

describe('the same source compiled by tsc with emitDecoratorMetadata', () => {
  const apps = tscOutput();

  test('every provider is accepted, and the reflected ones serve', async () => {
    for (const providers of Object.values(apps)) await app(providers).close();
    const served = app(apps.reflectedElicit);
    const done = await plan(served, {
      requestState: (await plan(served, {})).requestState,
      inputResponses: { when: { action: 'accept', content: { when: 'friday' } } },
    });
    expect(done).toMatchObject({ content: [{ type: 'text', text: 'friday' }] });
    await served.close();
  });
});
