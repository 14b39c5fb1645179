import Fastify, { type FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import { Client } from '@modelcontextprotocol/client';
import { createApp, silentLogger, type TesseraApp } from '@tessera/core';
import { connectInMemory } from '@tessera/testing';
import { openApiTools, OpenApiDocumentError } from '@tessera/compose';

const text = (r: { content: unknown }) => (r.content as Array<{ text: string }>)[0].text;

/** A small pet API that publishes its own OpenAPI 3 document at /openapi.json. */
async function startPetApi(): Promise<{ api: FastifyInstance; url: string; seenAuth: string[] }> {
  const seenAuth: string[] = [];
  const api = Fastify();
  await api.register(swagger, {
    openapi: { openapi: '3.0.3', info: { title: 'Pets', version: '1.0.0' }, servers: [{ url: '/' }] },
  });
  const pet = {
    type: 'object',
    properties: { id: { type: 'integer' }, name: { type: 'string' }, tag: { type: 'string', nullable: true } },
    required: ['id', 'name'],
  } as const;
  const pets = new Map<number, { id: number; name: string; tag: string | null }>([
    [1, { id: 1, name: 'Rex', tag: null }],
  ]);
  api.addHook('onRequest', async (request) => void seenAuth.push(String(request.headers.authorization)));
  api.get(
    '/pets/:id',
    {
      schema: {
        operationId: 'getPet',
        tags: ['pets'],
        summary: 'One pet by id',
        params: {
          type: 'object',
          properties: { id: { type: 'integer', description: 'The pet id' } },
          required: ['id'],
        },
        querystring: { type: 'object', properties: { verbose: { type: 'boolean' } } },
        response: { 200: pet },
      },
    },
    async (request, reply) => {
      const found = pets.get((request.params as { id: number }).id);
      if (!found) return (reply as { code(status: number): typeof reply }).code(404).send({ error: 'no such pet' });
      return found;
    },
  );
  api.post(
    '/pets',
    {
      schema: {
        operationId: 'addPet',
        tags: ['pets', 'write'],
        body: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
        response: { 201: pet },
      },
    },
    async (request, reply) => {
      const id = pets.size + 1;
      const added = { id, name: (request.body as { name: string }).name, tag: null };
      pets.set(id, added);
      return reply.code(201).send(added);
    },
  );
  api.get('/health', { schema: { operationId: 'health', tags: ['ops'] } }, async () => ({ ok: true }));
  api.get('/openapi.json', { schema: { hide: true } }, async () => api.swagger());
  const url = await api.listen({ port: 0, host: '127.0.0.1' });
  return { api, url, seenAuth };
}

describe('openApiTools against a Fastify API that publishes its own document', () => {
  let api: FastifyInstance;
  let url: string;
  let seenAuth: string[];
  let app: TesseraApp;
  let client: Client;

  beforeAll(async () => {
    ({ api, url, seenAuth } = await startPetApi());
    const tools = await openApiTools({
      document: `${url}/openapi.json`,
      prefix: 'pets',
      headers: { authorization: 'Bearer from-settings' },
      exclude: { tags: ['ops'] },
    });
    expect(tools.operations).toEqual(['getPet', 'addPet']);
    app = createApp({ name: 'gw', version: '1.0.0', providers: [], imports: [tools.module], logger: silentLogger });
    client = await connectInMemory(app);
  });

  afterAll(async () => {
    await client?.close();
    await app?.close();
    await api?.close();
  });

  test('one tool per kept operation, input schema from parameters and body', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(['pets_getPet', 'pets_addPet']);
    const getPet = tools[0];
    expect(getPet.description).toBe('One pet by id');
    expect(getPet.annotations).toMatchObject({ readOnlyHint: true });
    expect(getPet.inputSchema).toMatchObject({
      properties: { id: { type: 'integer', description: 'The pet id' }, verbose: { type: 'boolean' } },
      required: ['id'],
    });
    // the 2xx JSON answer's schema, in JSON Schema's dialect (nullable becomes a null type)
    expect(getPet.outputSchema).toEqual({
      type: 'object',
      properties: { id: { type: 'integer' }, name: { type: 'string' }, tag: { type: ['string', 'null'] } },
      required: ['id', 'name'],
    });
    expect(tools[1].outputSchema).toMatchObject({ type: 'object', required: ['id', 'name'] });
    expect(tools[1].inputSchema).toMatchObject({
      properties: { body: { type: 'object', properties: { name: { type: 'string' } } } },
      required: ['body'],
    });
  });

  test('calls the API with fetch and the headers from settings', async () => {
    seenAuth.length = 0;
    const r = await client.callTool({ name: 'pets_getPet', arguments: { id: 1, verbose: true } });
    expect(r.isError).toBeFalsy();
    expect(r.structuredContent).toEqual({ id: 1, name: 'Rex', tag: null });
    const added = await client.callTool({ name: 'pets_addPet', arguments: { body: { name: 'Tom' } } });
    expect(added.structuredContent).toEqual({ id: 2, name: 'Tom', tag: null });
    expect(seenAuth).toEqual(['Bearer from-settings', 'Bearer from-settings']);
  });

  test('an error answer is a tool error naming the operation, the status and the body', async () => {
    const r = await client.callTool({ name: 'pets_getPet', arguments: { id: 99 } });
    expect(r.isError).toBe(true);
    expect(text(r)).toBe('operation "getPet" (GET /pets/{id}) answered HTTP 404 Not Found: {"error":"no such pet"}');
  });

  test('include by operationId', async () => {
    const only = await openApiTools({ document: `${url}/openapi.json`, include: { operationIds: ['health'] } });
    expect(only.operations).toEqual(['health']);
  });

  test('a document object needs a base URL; bad options and documents are refused by name', async () => {
    const document = (await (await fetch(`${url}/openapi.json`)).json()) as Record<string, unknown>;
    await expect(openApiTools({ document })).rejects.toThrow('names no absolute server URL to call; give baseUrl');
    const withBase = await openApiTools({ document, baseUrl: url, include: { tags: ['write'] } });
    expect(withBase.operations).toEqual(['addPet']);
    await expect(openApiTools({ document, baseUrl: url, includes: {} } as never)).rejects.toThrow(
      '"includes" is not an option',
    );
    await expect(
      openApiTools({ document: { swagger: '2.0', info: { title: 'x', version: '1' }, paths: {} } }),
    ).rejects.toThrow(OpenApiDocumentError);
  });
});
