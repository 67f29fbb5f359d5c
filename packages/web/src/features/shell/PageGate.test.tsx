import { FEATURE_MESSAGES } from "@cpd/contract";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { fakeApi } from "../../test/fake-api";
import { membership } from "../../test/fixtures";
import { renderApp } from "../../test/render";
import type { Access } from "./nav-items";
import { PageGate } from "./PageGate";
import { Sidebar } from "./Sidebar";

const OPEN: Access = {
  features: { Reflection: true, OrganisationEvents: true },
  userFeatures: { Reflection: true },
  hasAccess: true,
  switches: { reflection: true, supervision: true },
  admin: false,
};

function gate(at: string, access: Access) {
  fakeApi([["GET", /^\/api\/profile\/membership$/, () => membership()]]);
  return renderApp([{ path: "*", element: <PageGate access={access}>{<p>The page itself</p>}</PageGate> }], {
    at,
  });
}

// ADR 0020: a page reached by its address is held to the same lock as its sidebar item.
describe("pages reached by URL", () => {
  it("a premium page shows the upgrade modal instead of itself to a member without access", async () => {
    gate("/portfolio-builder", { ...OPEN, hasAccess: false });
    const modal = await screen.findByRole("dialog", { name: "Upgrade to Premium" });
    expect(within(modal).getByText("Portfolio is part of Premium membership.")).toBeInTheDocument();
    expect(screen.queryByText("The page itself")).not.toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 1, name: "Portfolio" })).toBeInTheDocument();
  });

  it("the same page opens for a member with access", () => {
    gate("/portfolio-builder", OPEN);
    expect(screen.getByText("The page itself")).toBeInTheDocument();
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("a switched-off page says so in the API's words", () => {
    gate("/create/reflection", { ...OPEN, switches: { reflection: false, supervision: true } });
    expect(screen.getByText(FEATURE_MESSAGES.reflectionOff)).toBeInTheDocument();
    expect(screen.queryByText("The page itself")).not.toBeInTheDocument();
  });

  it("an organisation switch holds its manager's screen but not an administrator's", () => {
    const off = { ...OPEN, features: { ...OPEN.features, OrganisationEvents: false } };
    const manager = gate("/organisation/events", off);
    expect(screen.getByText(FEATURE_MESSAGES.eventsOff)).toBeInTheDocument();
    manager.unmount();
    gate("/organisation/events", { ...off, admin: true });
    expect(screen.getByText("The page itself")).toBeInTheDocument();
  });

  it("pages without a sidebar item are left alone", () => {
    gate("/edit/reflection/1", {
      ...OPEN,
      hasAccess: false,
      switches: { reflection: false, supervision: false },
    });
    expect(screen.getByText("The page itself")).toBeInTheDocument();
  });
});

describe("the sidebar follows the switches", () => {
  const sidebar = (access: Access) =>
    renderApp([
      {
        path: "*",
        element: (
          <Sidebar
            access={access}
            roles={["User-Basic", "Organisation-Manager"]}
            showUsage={false}
            onNavigate={() => {}}
          />
        ),
      },
    ]);

  it("reflection and supervision leave the sidebar when switched off", () => {
    sidebar({ ...OPEN, switches: { reflection: false, supervision: false } });
    const nav = screen.getByRole("navigation", { name: "Main" });
    expect(within(nav).queryByRole("link", { name: "Reflection" })).not.toBeInTheDocument();
    expect(within(nav).queryByRole("link", { name: "Supervision" })).not.toBeInTheDocument();
    expect(within(nav).getByRole("link", { name: "Diary" })).toBeInTheDocument();
  });

  it("they are there when on, and supervision is locked without access", () => {
    sidebar({ ...OPEN, hasAccess: false });
    const nav = screen.getByRole("navigation", { name: "Main" });
    expect(within(nav).getByRole("link", { name: "Reflection" })).toBeInTheDocument();
    expect(
      within(nav).getByRole("button", { name: "Supervision (locked: Premium feature)" }),
    ).toBeInTheDocument();
  });

  it("an organisation screen whose switch is off leaves the manager's section", () => {
    sidebar({ ...OPEN, features: { ...OPEN.features, OrganisationEvents: false } });
    const nav = screen.getByRole("navigation", { name: "Main" });
    expect(within(nav).queryByRole("link", { name: "Events" })).not.toBeInTheDocument();
    expect(within(nav).getByRole("link", { name: "Users" })).toBeInTheDocument();
  });
});
