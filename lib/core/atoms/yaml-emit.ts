import { Document, isSeq, type ToStringOptions } from "yaml";

/** How cortex prints YAML: no line folding, `[a, b]` flow lists. */
export const YAML_OUTPUT: ToStringOptions = Object.freeze({ lineWidth: 0, minContentWidth: 0, flowCollectionPadding: false });

/**
 * YAML text of a mapping, keys in the given order, emitted by the `yaml`
 * package so any string round-trips (quotes, colons, `#`, non-ASCII).
 * Lists are written in flow style (`[a, b]`) unless `blockKeys` names them.
 *
 * @example emitYamlMapping({ name: "a: b", tags: ["x"] }) // 'name: "a: b"\ntags: [x]\n'
 */
export function emitYamlMapping(data: Record<string, unknown>, blockKeys: ReadonlySet<string> = new Set()): string {
  const doc = new Document(data);
  for (const key of Object.keys(data)) {
    const node = doc.get(key, true);
    if (isSeq(node)) node.flow = !blockKeys.has(key);
  }
  return doc.toString(YAML_OUTPUT);
}
