import type { Server } from "node:http";

export const FAKE_WEBHOOK_SECRET: string;
export function signWebhook(body: string, secret: string, at?: number): string;
export function createPaymentServer(options?: { target?: string; secret?: string }): Server;
