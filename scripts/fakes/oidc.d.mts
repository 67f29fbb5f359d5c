import type { Server } from "node:http";

export const LOCAL_CLIENT: Readonly<{ clientId: string; clientSecret: string }>;
export function createOidcServer(options?: { issuer?: string; publicUrl?: string }): Server;
