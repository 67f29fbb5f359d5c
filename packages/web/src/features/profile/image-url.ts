import { buildUrl } from "../../lib/api-client";

/** <img> cannot send headers, so the token travels as ?token=; v busts the cache after an upload. */
export function profileImageUrl(token: string, version: number): string {
  return buildUrl("/profile/image", undefined, { token, v: version });
}
