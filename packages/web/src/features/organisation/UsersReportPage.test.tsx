import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeApi } from "../../test/fake-api";
import { renderApp } from "../../test/render";
import UsersReportPage from "./UsersReportPage";

const row = (id: string, lastName: string, revalidation: unknown) => ({
  id,
  firstName: "Ann",
  lastName,
  email: `${lastName.toLowerCase()}@example.com`,
  hours: 3,
  entries: 1,
  lastActivity: null,
  joined: "2026-01-01T10:00:00.000Z",
  invited: false,
  roles: ["User-Basic"],
  revalidation,
});

function setup() {
  const api = fakeApi([
    [
      "GET",
      /\/organisations$/,
      () => ({
        items: [{ id: 4, key: "t", name: "Trust", governingBodyType: null, analytics: false, userCount: 2 }],
        total: 1,
      }),
    ],
    [
      "GET",
      /\/organisations\/4\/users\/limit\/10\/page\/1$/,
      () => ({
        items: [
          row("11111111-1111-4111-8111-111111111111", "Short", {
            regulator: "NMC",
            deadline: "2027-03-31",
            status: "short",
          }),
          row("22222222-2222-4222-8222-222222222222", "Unregistered", null),
        ],
        total: 2,
      }),
    ],
  ]);
  const view = renderApp([{ path: "/organisation/users", element: <UsersReportPage /> }], {
    at: "/organisation/users",
  });
  return { api, ...view };
}

afterEach(() => vi.unstubAllGlobals());

describe("the users report's revalidation column", () => {
  it("shows each member's next deadline and status, and asks the server for the chosen status", async () => {
    const { api, user } = setup();
    const short = (await screen.findByText("Ann Short")).closest("tr") as HTMLElement;
    expect(within(short).getByText("31/03/2027")).toBeInTheDocument();
    expect(within(short).getByText("Short")).toBeInTheDocument();
    const none = screen.getByText("Ann Unregistered").closest("tr") as HTMLElement;
    expect(within(none).getAllByText("None")).toHaveLength(2);

    await user.click(screen.getByRole("combobox", { name: /^Revalidation/ }));
    await user.click(await screen.findByRole("option", { name: "Overdue" }));
    await waitFor(() =>
      expect(
        api
          .to(/\/users\/limit\/10\/page\/1$/)
          .at(-1)
          ?.url.searchParams.get("revalidationStatus"),
      ).toBe("overdue"),
    );
  });
});
