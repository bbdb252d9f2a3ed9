import type { FastifySerializerCompiler } from 'fastify/types/schema';
import fastJson from 'fast-json-stringify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * Responses are written by fast-json-stringify (Fastify's own serializer) from each route's zod response
 * schema turned into JSON Schema once, at start-up. Our handlers build their answers from typed views, so
 * checking every answer against zod again on the way out (fastify-type-provider-zod's serializer) only costs
 * time; what stays is the part that matters for safety: only the properties a schema declares are written,
 * so a field added to a database row never leaks into an answer. A schema that JSON Schema cannot express
 * (a transform, a custom check) keeps the zod serializer.
 */
export const responseSerializerCompiler: FastifySerializerCompiler<unknown> = (route) => {
  const schema = route.schema;
  if (schema instanceof z.ZodType) {
    try {
      const jsonSchema = z.toJSONSchema(schema, {
        io: 'output',
        target: 'draft-7',
        unrepresentable: 'throw',
      });
      return fastJson(jsonSchema as Parameters<typeof fastJson>[0]);
    } catch {
      // Falls through to zod's serializer below.
    }
  }
  return (zodSerializerCompiler as unknown as FastifySerializerCompiler<unknown>)(route);
};
