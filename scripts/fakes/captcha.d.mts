import type { Server } from "node:http";

export const FAKE_CAPTCHA_SECRET: string;
export function createCaptchaServer(opts?: { secret?: string }): Server;
