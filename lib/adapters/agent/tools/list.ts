import { ATOM_STATUSES } from "../../../core/atoms/types.js";
import { byUpdatedThenPath } from "../../../core/layers/classify.js";
import { listItems, type ListItem } from "../../../app/handle/read.js";
import { ToolError } from "../errors.js";
import { LIMITS, limitArg, shortArg } from "../limits.js";
import { arrayOf, object, S, toolOutput } from "../output-schema.js";
import { checkpoint, ok } from "../run.js";
import { openSnapshot } from "../../../app/snapshot.js";
import type { ToolSpec } from "../types.js";
import type { Layer } from "../../../core/layers/types.js";

/** `list`: the inventory, newest first, paginated with a cursor. */
export const listTool: ToolSpec = {
  name: "list",
  title: "List memories",
  description:
    "List notes newest first, with filters, one page at a time (pass next_cursor back as cursor). Use to see the inventory; to search, use recall. Returns one line per note.",
  inputSchema: {
    type: "object",
    properties: {
      project: shortArg(),
      type: shortArg(),
      status: shortArg(ATOM_STATUSES),
      layer: shortArg(["hot", "warm", "cold"]),
      limit: limitArg(50),
      cursor: { type: "string", maxLength: LIMITS.cursorChars },
    },
    additionalProperties: false,
  },
  outputSchema: toolOutput({
    total: S.integer,
    items: arrayOf(object({ path: S.string, name: S.string, type: S.string, project: S.string, status: S.string, layer: S.string, updated: S.string, tags: S.strings })),
    next_cursor: S.stringOrNull,
  }),
  hints: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  async run(args, env) {
    const snap = await openSnapshot(env.vaultDir, env.today());
    await checkpoint(env, "index up to date");
    const filters = { project: args.project as string | undefined, type: args.type as string | undefined, status: args.status as string | undefined, allStatus: true, layer: args.layer as Layer | undefined };
    const items = listItems(snap, filters);
    const after = args.cursor === undefined ? null : decodeCursor(args.cursor as string);
    const start = after === null ? 0 : items.findIndex((item) => byUpdatedThenPath(item, after) > 0);
    const page = start === -1 ? [] : items.slice(start, start + (args.limit as number));
    const last = page[page.length - 1];
    const hasMore = start !== -1 && start + page.length < items.length;
    const next_cursor = hasMore && last ? encodeCursor(last) : null;
    return ok(renderList(items.length, start, page, next_cursor), { total: items.length, items: page, next_cursor });
  },
};

/** An opaque cursor: the sort key of the last atom of a page. */
export function encodeCursor(item: { updated: string; path: string }): string {
  return Buffer.from(JSON.stringify([item.updated, item.path])).toString("base64url");
}

/** @throws ToolError `CORTEX_E205` for a cursor this tool did not make. */
export function decodeCursor(cursor: string): { updated: string; path: string } {
  try {
    const [updated, path] = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")) as unknown[];
    if (typeof updated === "string" && typeof path === "string") return { updated, path };
  } catch {
    // fall through
  }
  throw new ToolError("CORTEX_E205", `cursor: ${JSON.stringify(cursor.slice(0, 40))} is not a cursor returned by list`, { argument: "cursor" });
}

function renderList(total: number, start: number, page: readonly ListItem[], next: string | null): string {
  if (total === 0) return "No atoms match the filters.";
  if (page.length === 0) return `${total} atoms; none after this cursor.`;
  const lines = page.map((i) => `- ${i.updated} ${i.name} | ${i.project}/${i.type} | ${i.status} | ${i.layer} | ${i.path}`);
  const more = next ? `\n\nMore: call list again with cursor "${next}".` : "";
  return `${total} atoms (showing ${start + 1}–${start + page.length}, newest first)\n\n${lines.join("\n")}${more}`;
}
