import { createApp, InvalidConfigurationError, Provider, silentLogger, Tool } from '@tessera/core';
import type { AppModule, CreateAppOptions, FeatureModule } from '@tessera/core';

// A setting put in the wrong object is refused by name when the app is built, never silently ignored.

@Provider()
class Hello {
  @Tool()
  hello(): string {
    return 'hi';
  }
}

const appModule = (extra: Record<string, unknown> = {}): AppModule =>
  ({ name: 'settings', version: '1', providers: [Hello], logger: silentLogger, ...extra }) as AppModule;
const refusal = (build: () => unknown): string => {
  try {
    build();
  } catch (e) {
    expect(e).toBeInstanceOf(InvalidConfigurationError);
    return (e as Error).message;
  }
  throw new Error('createApp accepted it');
};

describe('createApp refuses a setting it does not know', () => {
  test('createApp option put in the module: names it and where it goes', () => {
    expect(refusal(() => createApp(appModule({ auth: { verifier: () => undefined } })))).toBe(
      `Module "settings" has no setting "auth": it is an option of createApp's second argument, createApp(module, { auth }).`,
    );
    expect(refusal(() => createApp(appModule({ legacySessions: true })))).toContain('"legacySessions"');
  });

  test('a misspelt module setting: names it and lists the settings', () => {
    const message = refusal(() => createApp(appModule({ instruction: 'x' })));
    expect(message).toMatch(/^Module "settings" has no setting "instruction"\. Its settings: name, providers, /);
    expect(message).toContain('instructions');
  });

  test('a module setting put in the options, and an unknown option', () => {
    expect(refusal(() => createApp(appModule(), { providers: [Hello] } as CreateAppOptions))).toBe(
      `createApp's options have no setting "providers": it belongs to the application module, createApp's first argument.`,
    );
    expect(refusal(() => createApp(appModule(), { ath: {} } as CreateAppOptions))).toBe(
      `createApp's options have no setting "ath". Its options: auth, legacySessions, useGlobalContainer.`,
    );
    expect(refusal(() => createApp(appModule(), null as unknown as CreateAppOptions))).toBe(
      `createApp's options must be an object, got null.`,
    );
  });

  test('an application setting on an imported module, and an unknown one', () => {
    const feature = (extra: Record<string, unknown>): FeatureModule =>
      ({ name: 'feature', providers: [], ...extra }) as FeatureModule;
    expect(refusal(() => createApp(appModule({ imports: [feature({ version: '2' })] })))).toBe(
      `Module "feature" (imported by "settings") has no setting "version": only the application module, createApp's first argument, takes it.`,
    );
    expect(refusal(() => createApp(appModule({ imports: [feature({ provider: [] })] })))).toMatch(
      /^Module "feature" \(imported by "settings"\) has no setting "provider"\. Its settings: name, providers, services,/,
    );
  });

  test('every documented setting is accepted, and a key left undefined changes nothing', () => {
    expect(() =>
      createApp(
        appModule({
          title: 'T',
          instructions: 'i',
          pageSize: 10,
          sensitiveFields: ['x'],
          telemetry: false,
          legacyInputRequiredBridge: false,
          imports: [{ name: 'feature', providers: [], services: [], guards: [], imports: [] }],
          unused: undefined,
        }),
        { useGlobalContainer: false, legacySessions: false, auth: undefined },
      ),
    ).not.toThrow();
  });
});
