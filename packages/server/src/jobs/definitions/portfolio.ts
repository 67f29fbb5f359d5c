import { pdfJob } from "./shared.js";

/** Renders a requested portfolio to PDF; the request's id is the payload and the job id. */
export const portfolioJob = pdfJob("portfolio", "portfolioId");
