import { existsSync } from "node:fs";
import { join } from "node:path";
import { splitFrontmatter } from "../../core/atoms/frontmatter.js";
import type { ManifestEntry } from "../../core/indexes/types.js";
import { parseAtom } from "../../core/atoms/parse.js";
import { slugify } from "../../core/atoms/names.js";
import type { CortexConfig } from "../../core/config/types.js";
import { toManifestEntry } from "../../core/index-build/build.js";
import { renderAtom } from "../../core/write/render.js";
import type { ValidWrite } from "../../core/write/types.js";
import { readTextOrNull } from "../files.js";

/**
 * The atom an earlier write of this very input left behind unrecorded: the
 * note was created but the index update after it failed (a full disk), so a
 * retry would be refused as a near-duplicate of itself. A write creates
 * `slug.md`, else `slug_2.md`, …: the twin is one of those files on disk (it
 * need not be in the index), with the same name, type, project, status and
 * tags, created today, with the same body, and not recorded in the index
 * (`isRecorded`). Null when there is none.
 */
export function unrecordedTwin(vaultDir: string, valid: ValidWrite, folder: string, options: { today: string; isRecorded: (path: string) => boolean; config: CortexConfig }): ManifestEntry | null {
  const same = (m: ManifestEntry) =>
    m.name === valid.name && m.type === valid.type && m.project === valid.project && m.status === valid.status && m.created === options.today && m.tags.join("\n") === valid.tags.join("\n");
  const slug = slugify(valid.name);
  for (let n = 1; n <= 10_000; n++) {
    const path = `${folder}/${n === 1 ? slug : `${slug}_${n}`}.md`;
    const file = join(vaultDir, path);
    const text = !options.isRecorded(path) ? readTextOrNull(file) : existsSync(file) ? "" : null;
    if (text === null) return null;
    if (text === "") continue;
    const entry = toManifestEntry(parseAtom(text, { path, mtimeMs: 0 }, options.config).atom);
    if (same(entry) && splitFrontmatter(text).body === renderedBody(valid, options.today)) return entry;
  }
  return null;
}

// The body a write of `valid` renders (the frontmatter does not matter here).
function renderedBody(valid: ValidWrite, today: string): string {
  const { name, type, project, status, tags } = valid;
  return splitFrontmatter(renderAtom({ id: "x", name, type, project, status, created: today, updated: today, tags, links: [] }, valid.body)).body;
}
