/** One rule of the security scan. */
export interface SecurityRule {
  /** Stable id, e.g. `aws-access-key`, `prompt-injection-ignore`. */
  rule: string;
  /** What it looks for, for messages. */
  label: string;
  pattern: RegExp;
  /** Extra check on the match (e.g. to let placeholders through). */
  accept?: (match: RegExpExecArray) => boolean;
}

/** Values after `password=` that are placeholders, not secrets. */
const PLACEHOLDER = /^(?:[<{%$].*|\$\{?[A-Za-z_][A-Za-z0-9_]*\}?|\*+|x+|\.{3,}|…|"|'|null|none|redacted|changeme|example|your[_-]?\w*)$/i;

/**
 * The scan's rules, in the order they are tried: credentials first, then
 * phrasing aimed at a future reader model (prompt injection).
 */
export const SECURITY_RULES: readonly SecurityRule[] = [
  { rule: "private-key", label: "a private key", pattern: /-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----/ },
  { rule: "aws-access-key", label: "an AWS access key id", pattern: /\b(?:AKIA|ASIA|ABIA|ACCA)[0-9A-Z]{16}\b/ },
  { rule: "aws-secret-key", label: "an AWS secret access key", pattern: /\baws_?secret_?access_?key\b["']?\s*[:=]\s*["']?[A-Za-z0-9/+=]{40}\b/i },
  { rule: "github-token", label: "a GitHub token", pattern: /\b(?:gh[pousr]_[A-Za-z0-9]{36,}|github_pat_[A-Za-z0-9_]{40,})\b/ },
  { rule: "slack-token", label: "a Slack token or webhook", pattern: /\bxox[abposr]-[A-Za-z0-9-]{10,}|hooks\.slack\.com\/services\/T[A-Za-z0-9]+\/[A-Za-z0-9]+\/[A-Za-z0-9]+/ },
  { rule: "anthropic-key", label: "an Anthropic API key", pattern: /\bsk-ant-[A-Za-z0-9_-]{20,}/ },
  { rule: "openai-key", label: "an OpenAI API key", pattern: /\bsk-(?!ant-)(?:proj-|svcacct-|admin-)?[A-Za-z0-9_-]{20,}/ },
  { rule: "stripe-key", label: "a Stripe secret key", pattern: /\b[rs]k_live_[A-Za-z0-9]{16,}/ },
  { rule: "google-api-key", label: "a Google API key", pattern: /\bAIza[0-9A-Za-z_-]{35}\b/ },
  { rule: "jwt", label: "a JSON Web Token", pattern: /\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/ },
  {
    rule: "password-assignment",
    label: "a password or secret assignment",
    pattern: /(?<![A-Za-z0-9])[A-Za-z0-9_.-]*?(?:password|passwd|passphrase|client_secret|secret_key|api[_-]?key|access[_-]?token|auth[_-]?token|private[_-]?token)["']?[ \t]*[:=][ \t]*(["']?)([^\s"'`,;]{4,})\1/i,
    accept: (m) => !PLACEHOLDER.test(m[2]!),
  },
  {
    rule: "prompt-injection-ignore",
    label: "an instruction to ignore previous instructions",
    pattern: /\b(?:ignore|disregard|forget|override|bypass)\s+(?:all\s+|any\s+|of\s+)?(?:the\s+|your\s+|my\s+)?(?:previous|prior|above|earlier|preceding|former|system|original)\s+(?:instructions?|prompts?|rules|directions|directives|guidelines|context|messages)\b/i,
  },
  {
    rule: "prompt-injection-role-tag",
    label: "a fake system or role tag",
    pattern: /<\/?(?:system|assistant|developer|system[_-]?prompt)\s*>|<\|(?:im_start|im_end|system|assistant|endoftext)\|>|\[\/?INST\]|<<\/?SYS>>/i,
  },
  {
    rule: "prompt-injection-new-instructions",
    label: "replacement instructions for a reader model",
    pattern: /(?:^|\n)[ \t>#*]*(?:new|updated|real|actual)\s+(?:system\s+)?instructions\s*:|\byou\s+are\s+now\s+(?:in\s+)?(?:developer|dan|jailbreak|jailbroken|god|unrestricted|admin)\s+mode\b/i,
  },
  {
    rule: "prompt-injection-exfiltration",
    label: "an instruction to reveal or send secrets",
    pattern: /\b(?:reveal|print|output|repeat|leak)\s+(?:your|the)\s+(?:system\s+prompt|hidden\s+instructions|initial\s+instructions)\b|\b(?:send|post|upload|exfiltrate|forward)\b[^.\n]{0,60}\b(?:api[ _-]?keys?|credentials|secrets|tokens|passwords|ssh\s+keys?)\b[^.\n]{0,60}\bhttps?:\/\//i,
  },
  {
    rule: "prompt-injection-conceal",
    label: "an instruction to hide something from the user",
    pattern: /\b(?:do\s+not|don't|never)\s+(?:tell|inform|alert|mention\s+(?:this|it)\s+to)\s+the\s+user\b/i,
  },
];

/**
 * Scans text for credentials (private keys, AWS/GitHub/Slack/OpenAI/
 * Anthropic-style tokens, `password=` assignments, JWTs) and prompt-injection
 * phrasing aimed at a future reader model. Pure; returns the first rule that
 * matches, or null.
 *
 * @example scanForSecrets("key: AKIAABCDEFGHIJKLMNOP") // "aws-access-key"
 */
export function scanForSecrets(text: string): string | null {
  return findSecret(text)?.rule ?? null;
}

/** Like {@link scanForSecrets}, with the whole rule that matched. */
export function findSecret(text: string): SecurityRule | null {
  for (const rule of SECURITY_RULES) {
    const global = new RegExp(rule.pattern.source, rule.pattern.flags.includes("g") ? rule.pattern.flags : `${rule.pattern.flags}g`);
    for (let m = global.exec(text); m !== null; m = global.exec(text)) {
      if (!rule.accept || rule.accept(m)) return rule;
      if (m[0] === "") global.lastIndex++;
    }
  }
  return null;
}
