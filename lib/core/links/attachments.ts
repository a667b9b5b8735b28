/** True when a target names a file that is not a note (`diagram.png`, `spec.pdf`): a missing attachment rather than a missing note. */
export function isAttachmentTarget(target: string): boolean {
  const base = target.slice(target.lastIndexOf("/") + 1);
  const dot = base.lastIndexOf(".");
  if (dot <= 0) return false;
  const ext = base.slice(dot + 1).toLowerCase();
  return ext !== "md" && /^[a-z0-9]{1,5}$/.test(ext) && !/^\d+$/.test(ext);
}
