import { prepareCodeMessages } from "../../modules/supervision/emails.js";
import { supervisionCodeJob } from "../definitions/supervision-code.js";
import { codeHandler } from "./send-email.js";

export const supervisionCodeHandler = codeHandler(supervisionCodeJob, (data, ctx, settings) =>
  prepareCodeMessages(ctx.db, settings, data),
);
