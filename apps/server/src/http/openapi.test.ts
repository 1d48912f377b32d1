import SwaggerParser from '@apidevtools/swagger-parser';
import { describe, expect, it } from 'vitest';
import { ENDPOINT_TABLE } from '@dialwise/contracts';
import { useTestServer } from '../../test/helper.ts';

const server = useTestServer();

describe('the OpenAPI document', () => {
  it('validates against the OpenAPI 3 specification (what client generators need)', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    // validate() dereferences every $ref and checks the document against the OpenAPI 3.x schema; it throws on the first fault.
    await expect(SwaggerParser.validate(structuredClone(document))).resolves.toBeTruthy();
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths).length).toBeGreaterThan(50);
    // The health probe is documented too (for load balancers: no authentication).
    expect(document.paths['/api/health'].get.security).toEqual([]);
  });
});

describe("the contracts' endpoint table", () => {
  it('is what the server serves: every endpoint at its path and method, with its summary, tag and public-or-not', async () => {
    const document = (await server.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, { summary?: string; tags?: string[]; security?: unknown[] }>>;
    };
    for (const [area, endpoints] of Object.entries(ENDPOINT_TABLE)) {
      for (const [name, endpoint] of Object.entries(endpoints)) {
        const operation = document.paths[endpoint.path.replace(/:(\w+)/g, '{$1}')]?.[endpoint.method.toLowerCase()];
        expect({
          endpoint: `${area}.${name}`,
          summary: operation?.summary,
          tags: operation?.tags,
          public: operation?.security?.length === 0,
        }).toEqual({
          endpoint: `${area}.${name}`,
          summary: endpoint.summary,
          tags: [endpoint.tag],
          public: endpoint.roles === 'public',
        });
      }
    }
  });

  it('lists every /api route the server documents (only the health probe stands outside it)', async () => {
    const document = (await server.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const inTable = new Set(
      Object.values(ENDPOINT_TABLE).flatMap((endpoints) =>
        Object.values(endpoints).map((endpoint) => `${endpoint.method} ${endpoint.path.replace(/:(\w+)/g, '{$1}')}`),
      ),
    );
    const served = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(served.filter((operation) => !inTable.has(operation))).toEqual(['GET /api/health']);
  });
});

describe('the health probe', () => {
  it('answers ok and the database kind, without authentication', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: expect.stringMatching(/^(pglite|postgres)$/) });
  });
});
