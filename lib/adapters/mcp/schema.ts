import { fromJsonSchema, type JsonSchemaType, type jsonSchemaValidator } from "@modelcontextprotocol/server";

// The SDK only advertises the schemas: the arguments are validated by runTool (with the tools' own error codes and defaults),
// and the structured results are built to the output schemas (test/mcp-protocol.test.ts validates them).
const ADVERTISE_ONLY: jsonSchemaValidator = { getValidator: () => (data: unknown) => ({ valid: true, data, errorMessage: undefined }) } as unknown as jsonSchemaValidator;

/** A JSON Schema advertised to clients as is. */
export function advertised(schema: object) {
  return fromJsonSchema(schema as unknown as JsonSchemaType, ADVERTISE_ONLY);
}
