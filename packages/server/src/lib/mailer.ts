import nodemailer from "nodemailer";
import type { Config } from "../config.js";

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Files sent with the message (a certificate PDF). */
  attachments?: { filename: string; content: Buffer; contentType: string }[];
}

export type SendMail = (mail: Mail) => Promise<void>;

export function createMailer(cfg: Config["smtp"]): { send: SendMail; close: () => void } {
  const transport = nodemailer.createTransport({
    host: cfg.host,
    port: cfg.port,
    secure: cfg.secure,
    auth: cfg.user ? { user: cfg.user, pass: cfg.password } : undefined,
    // Local catchers speak plain SMTP; real relays negotiate STARTTLS.
    ignoreTLS: !cfg.user,
  });
  return {
    send: async (mail) => {
      await transport.sendMail({ from: cfg.from, ...mail });
    },
    close: () => transport.close(),
  };
}
