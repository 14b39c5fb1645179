import {
  AppResource,
  createApp,
  InvalidConfigurationError,
  Provider,
  silentLogger,
  Tool,
  type Class,
} from '@tessera/core';

const build = (provider: Class) => () =>
  createApp({ name: 'refusals', version: '1', providers: [provider], logger: silentLogger });

describe('MCP Apps: what createApp refuses, naming class and method', () => {
  test('a view at a URI that is not ui://', () => {
    @Provider()
    class Views {
      @AppResource('https://example.com/view.html')
      view(): string {
        return '';
      }
      @Tool({ ui: { resource: 'https://example.com/view.html' } })
      show(): string {
        return '';
      }
    }
    expect(build(Views)).toThrow(InvalidConfigurationError);
    expect(build(Views)).toThrow(
      '@AppResource on Views.view: an app\'s view is served at a ui:// URI, got "https://example.com/view.html".',
    );
  });

  test('a ui.resource that names no @AppResource', () => {
    @Provider()
    class Orphan {
      @AppResource('ui://a/view.html')
      view(): string {
        return '';
      }
      @Tool({ ui: { resource: 'ui://b/view.html' } })
      show(): string {
        return '';
      }
    }
    expect(build(Orphan)).toThrow(
      '@Tool on Orphan.show: ui.resource names "ui://b/view.html", which no @AppResource serves (the app\'s views: ui://a/view.html).',
    );
  });

  test('a ui.resource that is not ui://, even without any view', () => {
    @Provider()
    class NoView {
      @Tool({ ui: { resource: 'view.html' } })
      show(): string {
        return '';
      }
    }
    expect(build(NoView)).toThrow('@Tool on NoView.show: ui.resource must be a ui:// URI, got "view.html".');
  });

  test('a hand-written _meta.ui beside ui (either key)', () => {
    for (const meta of [{ ui: { resourceUri: 'ui://a/view.html' } }, { 'ui/resourceUri': 'ui://a/view.html' }]) {
      @Provider()
      class Twice {
        @AppResource('ui://a/view.html')
        view(): string {
          return '';
        }
        @Tool({ ui: { resource: 'ui://a/view.html' }, _meta: meta })
        show(): string {
          return '';
        }
      }
      expect(build(Twice)).toThrow(
        '@Tool on Twice.show: _meta.ui is written from the ui option; remove the hand-written one beside it.',
      );
    }
  });

  test.each(['csp', 'permissions'])('%s on a tool', (key) => {
    @Provider()
    class Misplaced {
      @AppResource('ui://a/view.html')
      view(): string {
        return '';
      }
      @Tool({ ui: { resource: 'ui://a/view.html', [key]: {} } as never })
      show(): string {
        return '';
      }
    }
    expect(build(Misplaced)).toThrow(
      `@Tool on Misplaced.show: ui.${key}: ${key} belongs to the view, not the tool; set it on the @AppResource "ui://a/view.html".`,
    );
  });

  test('a visibility that is not "model" and "app"', () => {
    @Provider()
    class Hidden {
      @AppResource('ui://a/view.html')
      view(): string {
        return '';
      }
      @Tool({ ui: { resource: 'ui://a/view.html', visibility: ['nobody' as never] } })
      show(): string {
        return '';
      }
    }
    expect(build(Hidden)).toThrow('@Tool on Hidden.show: ui.visibility must be a non-empty array of "model" and "app"');
  });

  test('a templated or misspelt @AppResource, where it is written', () => {
    expect(() => {
      class T {
        @AppResource('ui://a/{id}.html')
        view(): string {
          return '';
        }
      }
      return T;
    }).toThrow('@AppResource() on T.view: the URI must be one fixed ui:// URI, got "ui://a/{id}.html".');
    expect(() => {
      class M {
        @AppResource('ui://a/view.html', { cps: {} } as never)
        view(): string {
          return '';
        }
      }
      return M;
    }).toThrow(/@AppResource\(\) on M\.view.*cps/);
  });
});

describe('@AppResource options', () => {
  test('an unknown key is refused by name, listing the known ones', () => {
    const define = () => {
      @Provider()
      class Views {
        @AppResource('ui://a/view.html', { prefersBorders: true } as never)
        view(): string {
          return '';
        }
      }
      return Views;
    };
    expect(define).toThrow(/"prefersBorders" is not an option; known: .*prefersBorder/);
  });
});
