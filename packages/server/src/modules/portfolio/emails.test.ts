import { describe, it } from "vitest";
import { matchesSnapshot } from "../../lib/email/match-snapshot.js";
import { portfolioReadyEmail } from "./emails.js";

describe("portfolio e-mails", () => {
  it("portfolio ready", async () => {
    await matchesSnapshot(
      "portfolio-ready",
      portfolioReadyEmail(
        "ann@example.com",
        "Ann",
        "https://cpd.example/v2/portfolio/p1/download?expires=1&signature=abc",
        142,
        "08/03/2027",
      ),
    );
  });
});
