import type { Server } from "node:http";

export const FAKE_ACCOUNTS: Record<string, string>;
export const FAKE_API_KEY: string;
export function createClinicalSkillsServer(): Server;
