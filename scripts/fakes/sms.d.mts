import type { Server } from "node:http";

export const FAKE_SMS_API_KEY: string;
export function createSmsServer(): Server;
