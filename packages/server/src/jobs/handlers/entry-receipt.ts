import { prepareEntryReceipt } from "../../modules/entries/emails.js";
import { entryReceiptJob } from "../definitions/entry-receipt.js";
import { emailHandler } from "./send-email.js";

export const entryReceiptHandler = emailHandler(entryReceiptJob, {
  render: (data, ctx) => prepareEntryReceipt(ctx.db, ctx.config.publicUrl, data),
  nothingSent: "entry or user gone; no receipt sent",
  logged: ({ entryId }) => ({ entryId }),
});
