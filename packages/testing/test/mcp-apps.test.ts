import { AppResource, Elicit, Field, Provider, silentLogger, Tool } from '@tessera/core';
import { IsIn } from 'class-validator';
import {
  answer,
  appRenderingCapabilities,
  createFlowTester,
  expectAppTool,
  FlowAssertionError,
  ALL_INPUT_CAPABILITIES,
} from '@tessera/testing';

const VIEW = 'ui://board/view.html';
const FORM = 'ui://board/form.html';

class Region {
  @Field() @IsIn(['eu', 'us']) region!: string;
}

@Provider()
class Board {
  @AppResource(VIEW)
  view(): string {
    return '<p>board</p>';
  }

  @AppResource(FORM)
  form(): string {
    return '<form></form>';
  }

  @Tool({ ui: { resource: VIEW, visibility: ['app'] } })
  move(@Elicit({ key: 'region', message: 'Where?', schema: Region, app: FORM }) r: Region): string {
    return `moved to ${r.region}`;
  }
}

const boardModule = { name: 'board', version: '1', providers: [Board], logger: silentLogger };

describe('@tessera/testing and MCP Apps', () => {
  test('appRenderingCapabilities declares the ui extension with the app MIME type and questions', () => {
    expect(appRenderingCapabilities()).toEqual({
      ...ALL_INPUT_CAPABILITIES,
      extensions: {
        'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'], elicitation: {} },
      },
    });
    expect(appRenderingCapabilities({ questions: false }).extensions).toEqual({
      'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'] },
    });
  });

  test('the flow tester answers an app-rendered question, and sees its view', async () => {
    const tester = await createFlowTester(boardModule, { capabilities: appRenderingCapabilities() });
    try {
      const run = await tester.callTool('move', {}, { answers: { region: answer.accept({ region: 'eu' }) } });
      run.expectAsked(1, { region: { mode: 'form', app: FORM } }).expectResult('moved to eu');
    } finally {
      await tester.close();
    }
  });

  test('without the flag the question is the plain form, and expecting a view fails by name', async () => {
    const tester = await createFlowTester(boardModule, {
      capabilities: appRenderingCapabilities({ questions: false }),
    });
    try {
      const run = await tester.callTool('move', {}, { answers: { region: answer.accept({ region: 'us' }) } });
      run.expectResult('moved to us');
      expect(() => run.expectAsked(1, { region: { app: FORM } })).toThrow(FlowAssertionError);
    } finally {
      await tester.close();
    }
  });

  test("expectAppTool checks an entry's _meta.ui and names what differs", async () => {
    const tester = await createFlowTester(boardModule);
    try {
      const { tools } = await tester.client.listTools();
      const move = tools.find((t) => t.name === 'move');
      expectAppTool(move, { resourceUri: VIEW, visibility: ['app'] });
      expect(() => expectAppTool(move, { resourceUri: FORM })).toThrow(
        `tool "move": expected _meta.ui.resourceUri "${FORM}", got "${VIEW}"`,
      );
      expect(() => expectAppTool(move, { resourceUri: VIEW, visibility: ['model'] })).toThrow(
        'tool "move": expected _meta.ui.visibility ["model"], got ["app"]',
      );
    } finally {
      await tester.close();
    }
  });
});
