import { ToolError } from "./errors.js";
import type { ArgSchema, ArgsSchema } from "./types.js";
import { codePointLength } from "../../core/util/text.js";

/**
 * Checks tool arguments against the tool's JSON Schema and fills in the
 * defaults (a client-side schema library does not apply them). The same
 * schema a client is shown is the one enforced here.
 *
 * @throws ToolError `CORTEX_E200` unknown argument, wrong type or null, `E201`
 *   missing required argument, `E202` too long / too many items, `E203`
 *   number out of range, `E204` value not allowed; the message names the argument.
 * @example validateArgs(schema, { query: "deploy" }) // { query: "deploy", limit: 10, … }
 */
export function validateArgs(schema: ArgsSchema, args: unknown): Record<string, unknown> {
  if (args !== undefined && args !== null && (typeof args !== "object" || Array.isArray(args))) {
    throw new ToolError("CORTEX_E200", `arguments must be an object, got ${describe(args)}`);
  }
  const given = (args ?? {}) as Record<string, unknown>;
  const known = Object.keys(schema.properties);
  for (const name of Object.keys(given)) {
    if (!Object.hasOwn(schema.properties, name)) {
      throw new ToolError("CORTEX_E200", `${name}: unknown argument (this tool takes: ${known.join(", ") || "no arguments"})`, { argument: name });
    }
  }
  const out: Record<string, unknown> = {};
  for (const name of known) {
    const prop = schema.properties[name]!;
    const value = given[name];
    // null is not "absent": a client that sends it means something, and guessing what would hide its mistake.
    if (value === null) throw new ToolError("CORTEX_E200", `${name}: expected ${expected(prop)}, got null (leave the argument out to get its default)`, { argument: name });
    if (value === undefined) {
      if (schema.required?.includes(name)) throw new ToolError("CORTEX_E201", `${name}: required`, { argument: name });
      if (prop.default !== undefined) out[name] = prop.default;
      continue;
    }
    out[name] = checkValue(name, prop, value);
  }
  return out;
}

function checkValue(name: string, schema: ArgSchema, value: unknown): unknown {
  switch (schema.type) {
    case "string":
      return checkString(name, schema, value);
    case "integer":
      return checkInteger(name, schema, value);
    case "boolean":
      if (typeof value !== "boolean") throw new ToolError("CORTEX_E200", `${name}: expected true or false, got ${describe(value)}`, { argument: name });
      return value;
    case "array":
      return checkArray(name, schema, value);
  }
}

function checkString(name: string, schema: ArgSchema, value: unknown): string {
  if (typeof value !== "string") throw new ToolError("CORTEX_E200", `${name}: expected a string, got ${describe(value)}`, { argument: name });
  const length = codePointLength(value);
  if (schema.maxLength !== undefined && length > schema.maxLength) {
    throw new ToolError("CORTEX_E202", `${name}: at most ${schema.maxLength} characters, got ${length}`, { argument: name });
  }
  if (schema.minLength !== undefined && value.trim().length < schema.minLength) {
    throw new ToolError(schema.minLength === 1 ? "CORTEX_E201" : "CORTEX_E202", `${name}: must not be empty`, { argument: name });
  }
  if (schema.enum && !schema.enum.includes(value)) {
    throw new ToolError("CORTEX_E204", `${name}: must be one of ${schema.enum.join(", ")}, got ${JSON.stringify(value)}`, { argument: name });
  }
  if (schema.pattern !== undefined && !new RegExp(schema.pattern, "u").test(value)) {
    throw new ToolError("CORTEX_E204", `${name}: ${JSON.stringify(value)} does not match ${schema.pattern}`, { argument: name });
  }
  return value;
}

function checkInteger(name: string, schema: ArgSchema, value: unknown): number {
  if (typeof value !== "number" || !Number.isInteger(value)) {
    throw new ToolError("CORTEX_E200", `${name}: expected a whole number, got ${describe(value)}`, { argument: name });
  }
  const min = schema.minimum ?? -Infinity;
  const max = schema.maximum ?? Infinity;
  if (value < min || value > max) throw new ToolError("CORTEX_E203", `${name}: must be from ${min} to ${max}, got ${value}`, { argument: name });
  return value;
}

function checkArray(name: string, schema: ArgSchema, value: unknown): unknown[] {
  if (!Array.isArray(value)) throw new ToolError("CORTEX_E200", `${name}: expected an array, got ${describe(value)}`, { argument: name });
  if (schema.maxItems !== undefined && value.length > schema.maxItems) {
    throw new ToolError("CORTEX_E202", `${name}: at most ${schema.maxItems} items, got ${value.length}`, { argument: name });
  }
  return schema.items ? value.map((item, i) => checkValue(`${name}[${i}]`, schema.items!, item)) : value;
}

function expected(schema: ArgSchema): string {
  return { string: "a string", integer: "a whole number", boolean: "true or false", array: "an array" }[schema.type];
}

function describe(value: unknown): string {
  if (Array.isArray(value)) return "an array";
  if (value === null) return "null";
  if (typeof value === "string") return `the string ${JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)}`;
  if (typeof value === "object") return "an object";
  return `${typeof value} ${String(value)}`;
}
