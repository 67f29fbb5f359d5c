import { LIFECYCLE, LIFECYCLE_MESSAGES } from "@cpd/contract";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { fakeApi } from "../../test/fake-api";
import { renderApp } from "../../test/render";
import EmailHistoryPage from "./EmailHistoryPage";

const HISTORY = /^\/api\/profile\/email-change-history$/;

const change = (n: number) => ({
  dateChanged: `2026-0${1 + (n % 9)}-1${n % 10}T12:30:00.000Z`,
  previousEmail: `old${n}@example.org`,
  newEmail: `new${n}@example.org`,
});

describe("the email change history", () => {
  it("lists the changes 10 per page with London times, and asks the server for the next page", async () => {
    const total = LIFECYCLE.emailHistoryPageSize + 2;
    const api = fakeApi([
      [
        "GET",
        HISTORY,
        (req) => {
          const page = Number(req.url.searchParams.get("page"));
          const from = (page - 1) * LIFECYCLE.emailHistoryPageSize;
          const count = Math.min(LIFECYCLE.emailHistoryPageSize, total - from);
          return { items: Array.from({ length: count }, (_, i) => change(from + i)), total };
        },
      ],
    ]);
    const { user } = renderApp([{ path: "/email-history", element: <EmailHistoryPage /> }], {
      at: "/email-history",
    });
    expect(screen.getByRole("heading", { level: 1, name: "Email change history" })).toBeInTheDocument();
    const table = await screen.findByRole("table");
    expect(within(table).getByText("12 changes, page 1 of 2")).toBeInTheDocument();
    expect(within(table).getAllByRole("row")).toHaveLength(1 + LIFECYCLE.emailHistoryPageSize);
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((h) => h.textContent),
    ).toEqual(["Date changed", "Previous email", "New email"]);
    // 12:30 UTC on 10 January is 12:30 in London (winter: no offset).
    expect(within(table).getAllByRole("row")[1]).toHaveTextContent(
      "10/01/2026 12:30old0@example.orgnew0@example.org",
    );

    await user.click(screen.getByRole("button", { name: "Page 2" }));
    expect(await screen.findByText("new11@example.org")).toBeInTheDocument();
    expect(api.to(HISTORY).map((r) => r.url.searchParams.get("page"))).toEqual(["1", "2"]);
    expect(screen.getByRole("link", { name: "Back to Account Management" })).toHaveAttribute(
      "href",
      "/account-management",
    );
  });

  it("says when there is none", async () => {
    fakeApi([["GET", HISTORY, () => ({ items: [], total: 0 })]]);
    renderApp([{ path: "/email-history", element: <EmailHistoryPage /> }], { at: "/email-history" });
    expect(await screen.findByText(LIFECYCLE_MESSAGES.noHistory)).toBeInTheDocument();
    expect(screen.queryByRole("table")).toBeNull();
  });
});
