import { USAGE_THRESHOLDS } from "@cpd/contract";

export type UsageKind = keyof typeof USAGE_THRESHOLDS;
export type UsageLevel = "normal" | "high" | "full";

/** REQ-MEMBER-07: entries high at 60 %, full at 80 %; storage high at 70 %, full at 80 %. */
export function usageLevel(
  kind: UsageKind,
  used: number,
  limit: number,
): { percent: number; level: UsageLevel } {
  const ratio = limit > 0 ? used / limit : 1;
  const t = USAGE_THRESHOLDS[kind];
  const level: UsageLevel = ratio >= t.full ? "full" : ratio >= t.high ? "high" : "normal";
  return { percent: Math.min(100, Math.round(ratio * 100)), level };
}

/** Storage is measured in decimal units (100 MB = 1e8 bytes). */
export function formatBytes(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`;
  if (bytes < 1_000_000) return `${(bytes / 1000).toFixed(1)} KB`;
  if (bytes < 1_000_000_000) return `${(bytes / 1_000_000).toFixed(1).replace(/\.0$/, "")} MB`;
  return `${(bytes / 1_000_000_000).toFixed(2)} GB`;
}
