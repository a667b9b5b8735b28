import { isAttachmentTarget } from "../../core/links/attachments.js";
import { findLinks } from "../../core/links/occurrences.js";
import { buildLinkResolver } from "../../core/links/resolver.js";
import { noteLinkSuggester } from "../../core/links/suggest.js";
import type { VaultHandle } from "../handle/vault-handle.js";

/** A link of a note that opens no note, and the link to write instead when one is close. */
export interface UnresolvedLink {
  target: string;
  suggestion: string | null;
}

/**
 * The `[[links]]` of a note's body and the extra `targets` (a write's
 * `--links`) that open no note of the vault as its index stands, each with
 * the nearest note's link (unless `suggest` is false: null); attachments
 * (images, PDFs) are left to `check`. Reads the atoms' names only when there
 * is a link to resolve.
 *
 * @example unresolvedLinks(vault, "rules/x.md", "Ask [[Priya Ramen]].", []) // [{ target: "Priya Ramen", suggestion: "[[priya_raman]]" }]
 */
export function unresolvedLinks(vault: VaultHandle, from: string, body: string, targets: readonly string[], suggest = true): UnresolvedLink[] {
  const written = [...findLinks(body).filter((l) => l.kind !== "code").map((l) => l.target), ...targets].filter((t) => t.trim() !== "" && !isAttachmentTarget(t));
  if (written.length === 0) return [];
  const notes = vault.atomNames();
  const resolver = buildLinkResolver(notes);
  const nearest = suggest ? noteLinkSuggester(() => notes) : () => null;
  return [...new Set(written)].filter((t) => resolver.resolve(t, from).path === null).map((target) => ({ target, suggestion: nearest(target) }));
}
