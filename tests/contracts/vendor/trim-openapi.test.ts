import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { trimOpenApi, type Sources } from '../../../scripts/trim-openapi';

// The trimming script (scripts/trim-openapi.ts) on a small document, and the trimmed vendor documents against
// the sources.json each was made from, so a hand edit of either is noticed.

const full = {
  openapi: '3.0.0',
  info: { title: 'Vendor', version: '1' },
  servers: [{ url: 'https://api.vendor.example' }],
  tags: [{ name: 'Kept' }, { name: 'Dropped' }],
  components: {
    securitySchemes: { key: { type: 'apiKey', in: 'header', name: 'X-Key' } },
    schemas: {
      Booking: {
        type: 'object',
        required: ['id'],
        properties: {
          id: { type: 'string' },
          host: { $ref: '#/components/schemas/Host' },
          note: { type: 'string' },
        },
      },
      Host: { type: 'object', properties: { email: { $ref: '#/components/schemas/Email' } } },
      Email: { type: 'string' },
      Recurring: { type: 'object', properties: { count: { type: 'number' } } },
      Unused: { type: 'string' },
    },
  },
  paths: {
    '/bookings': {
      parameters: [{ name: 'v', in: 'header', schema: { type: 'string' } }],
      post: {
        tags: ['Kept'],
        requestBody: {
          content: {
            'application/json': {
              schema: {
                oneOf: [{ $ref: '#/components/schemas/Booking' }, { $ref: '#/components/schemas/Recurring' }],
              },
            },
          },
        },
        responses: { '201': { description: 'ok' } },
      },
      get: { tags: ['Dropped'], responses: { '200': { description: 'ok' } } },
    },
    '/other': { get: { responses: { '200': { $ref: '#/components/schemas/Unused' } } } },
  },
};

describe('trimOpenApi', () => {
  it('keeps only the operations named, what they reference (however deep), and their tags', () => {
    const trimmed = trimOpenApi(full, { operations: ['POST /bookings'] }) as typeof full;
    expect(Object.keys(trimmed.paths)).toEqual(['/bookings']);
    expect(Object.keys(trimmed.paths['/bookings'])).toEqual(['parameters', 'post']);
    expect(Object.keys(trimmed.components.schemas).sort()).toEqual(['Booking', 'Email', 'Host', 'Recurring']);
    expect(trimmed.components.securitySchemes).toEqual(full.components.securitySchemes);
    expect(trimmed.tags).toEqual([{ name: 'Kept' }]);
    expect(trimmed.servers).toEqual(full.servers);
  });

  it('refuses an operation the document does not have, and a reference to a part it lacks unless listed', () => {
    expect(() => trimOpenApi(full, { operations: ['DELETE /bookings'] })).toThrow('no DELETE /bookings');
    const broken = structuredClone(full);
    broken.components.schemas.Host.properties.email.$ref = '#/components/schemas/Missing';
    expect(() => trimOpenApi(broken, { operations: ['POST /bookings'] })).toThrow(
      '#/components/schemas/Missing',
    );
    const listed = trimOpenApi(broken, {
      operations: ['POST /bookings'],
      dangling: ['#/components/schemas/Missing'],
    }) as typeof full & { components: { schemas: Record<string, { description?: string }> } };
    expect(listed.components.schemas.Missing?.description).toContain("Not in the vendor's document");
  });

  it('cuts a schema to the properties named and its required ones, refusing any other', () => {
    const trimmed = trimOpenApi(full, {
      operations: ['POST /bookings'],
      keepProperties: { '#/components/schemas/Booking': ['note'] },
    }) as { components: { schemas: Record<string, Record<string, unknown>> } };
    const booking = trimmed.components.schemas.Booking!;
    expect(Object.keys(booking.properties as object)).toEqual(['note', 'id']);
    expect(booking.additionalProperties).toBe(false);
    // Host was only reached through the property cut away.
    expect(trimmed.components.schemas.Host).toBeUndefined();
  });

  it('reads a request body’s oneOf as anyOf when asked to', () => {
    const trimmed = trimOpenApi(full, { operations: ['POST /bookings'], requestOneOfAsAnyOf: true });
    expect(JSON.stringify(trimmed)).toContain('"anyOf"');
    expect(JSON.stringify(trimmed)).not.toContain('"oneOf"');
  });
});

describe('the trimmed vendor documents', () => {
  const vendors = readdirSync(import.meta.dirname, { withFileTypes: true }).filter((e) => e.isDirectory());
  for (const vendor of vendors.map((e) => e.name)) {
    const sources = JSON.parse(
      readFileSync(path.join(import.meta.dirname, vendor, 'sources.json'), 'utf8'),
    ) as Sources;
    for (const document of sources.documents) {
      it(`${vendor}/${document.output} has exactly the operations of sources.json, from its commit`, () => {
        const trimmed = JSON.parse(
          readFileSync(path.join(import.meta.dirname, vendor, document.output), 'utf8'),
        ) as { info: { 'x-trimmed-from': Record<string, unknown> }; paths: Record<string, object> };
        expect(trimmed.info['x-trimmed-from']).toMatchObject({
          repository: document.repository,
          path: document.path,
          commit: document.commit,
          operations: document.operations,
        });
        const operations = Object.entries(trimmed.paths).flatMap(([route, item]) =>
          Object.keys(item)
            .filter(
              (key) =>
                !['parameters', 'servers', 'description', 'summary'].includes(key) && !key.startsWith('x-'),
            )
            .map((method) => `${method.toUpperCase()} ${route}`),
        );
        expect(operations.sort()).toEqual([...document.operations].sort());
      });
    }
  }
});
