import { jsonSchemaFromGemini } from '../../lib/models/json-schema-from-gemini.js';
import { toGeminiSchema } from '../../lib/tools/to-gemini-schema.js';

describe('jsonSchemaFromGemini', () => {
  it('lower-cases types, turns nullable into a null type and counts into numbers, recursively', () => {
    expect(
      jsonSchemaFromGemini({
        type: 'OBJECT' as never,
        description: 'A report',
        properties: {
          city: { type: 'STRING' as never, nullable: true },
          tags: { type: 'ARRAY' as never, items: { type: 'STRING' as never, enum: ['a', 'b'] }, minItems: '1' },
          temp: { anyOf: [{ type: 'NUMBER' as never }, { type: 'STRING' as never }] },
        },
        required: ['city'],
        propertyOrdering: ['city', 'tags'],
      }),
    ).toEqual({
      type: 'object',
      description: 'A report',
      properties: {
        city: { type: ['string', 'null'] },
        tags: { type: 'array', items: { type: 'string', enum: ['a', 'b'] }, minItems: 1 },
        temp: { anyOf: [{ type: 'number' }, { type: 'string' }] },
      },
      required: ['city'],
    });
  });

  it('round-trips what toGeminiSchema made of a JSON Schema', () => {
    const json = { type: 'object', properties: { city: { type: 'string', description: 'The city' }, days: { type: 'integer', minimum: 1 } }, required: ['city'] };
    expect(jsonSchemaFromGemini(toGeminiSchema(json))).toEqual(json);
  });

  it('passes a plain JSON Schema through, and an empty schema stays empty', () => {
    expect(jsonSchemaFromGemini({ type: 'string', format: 'date' })).toEqual({ type: 'string', format: 'date' });
    expect(jsonSchemaFromGemini({})).toEqual({});
  });
});
