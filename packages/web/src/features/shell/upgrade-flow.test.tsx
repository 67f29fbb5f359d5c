import { LIFECYCLE } from "@cpd/contract";
import { modals } from "@mantine/modals";
import { act, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeApi, type Route, withError } from "../../test/fake-api";
import { membership, profile } from "../../test/fixtures";
import { renderApp, renderWithProviders } from "../../test/render";
import { MembershipCard } from "../profile/MembershipCard";
import { useProfile, useScheduledDeletion } from "./queries";
import { TrialBanner } from "./TrialBanner";
import { openUpgradeModal } from "./UpgradeModal";
import { useUpgradePrompt } from "./use-upgrade-prompt";

const UPGRADE_URL = "https://pay.example/checkout?customer=u1&email=ann%40example.org";
const MEMBERSHIP: Route = [
  "GET",
  /^\/api\/profile\/membership$/,
  () => membership({ upgradeUrl: UPGRADE_URL }),
];
const expiredTrial = profile({
  fullMember: false,
  trialStatus: {
    isTrialUser: true,
    trialEndDate: "2026-11-01",
    trialEntriesUsed: 5,
    trialEntriesLimit: 5,
    isTrialExpired: true,
    deletionDate: "2027-02-01",
    accountCreatedDate: "2026-08-01",
  },
});
const DELETION = /^\/api\/user-account\/me\/scheduled-deletion$/;

function Prompt({ held = false }: { held?: boolean }) {
  useUpgradePrompt(useProfile(), useScheduledDeletion(), "2026-11-24", held);
  return <p>Page</p>;
}

function setupPrompt(p: ReturnType<typeof profile>, deletion: Route[2], held = false) {
  let answeredAt = 0;
  const api = fakeApi([
    ["GET", /^\/api\/profile$/, () => p],
    [
      "GET",
      DELETION,
      (req) => {
        answeredAt = Date.now();
        return deletion(req);
      },
    ],
    MEMBERSHIP,
  ]);
  const view = renderWithProviders(<Prompt held={held} />);
  return { ...view, api, answeredAt: () => answeredAt };
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/**
 * On fake timers: lets both lookups answer, then moves time past the modal's delay after them, so
 * a modal that was due would be open now (without waiting the delay out).
 */
async function pastTheDelay(api: ReturnType<typeof fakeApi>) {
  await act(() => vi.advanceTimersByTimeAsync(0));
  expect(api.to(/^\/api\/profile$/)).toHaveLength(1);
  expect(api.to(DELETION)).toHaveLength(1);
  await act(() => vi.advanceTimersByTimeAsync(LIFECYCLE.upgradeModalDelayMs + 500));
}

describe("the upgrade modal of an expired trial", () => {
  it("opens by itself 1.5 s after the trial and deletion lookups, with the deletion date and the payment page", async () => {
    const { answeredAt } = setupPrompt(expiredTrial, () => ({ scheduled: false, scheduledDate: null }));
    const modal = await screen.findByRole("dialog", { name: "Upgrade to Premium" }, { timeout: 4000 });
    expect(Date.now() - answeredAt()).toBeGreaterThanOrEqual(1400);
    expect(modal).toHaveTextContent(
      "Your free trial has ended and your account is locked. Your account and everything in it will be deleted on 01/02/2027.",
    );
    const pay = await within(modal).findByRole("link", { name: "Upgrade to Premium (opens in a new tab)" });
    expect(pay).toHaveAttribute("href", UPGRADE_URL);
    expect(pay).toHaveAttribute("target", "_blank");
  });

  it("still opens when the deletion lookup fails, which is only logged", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    setupPrompt(expiredTrial, () => withError(500, "INTERNAL_ERROR", "boom"));
    expect(
      await screen.findByRole("dialog", { name: "Upgrade to Premium" }, { timeout: 6000 }),
    ).toHaveTextContent("deleted on 01/02/2027");
    expect(warn).toHaveBeenCalled();
    expect(screen.queryByText(/^Failed/)).toBeNull();
  });

  it("does not open for a full member", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const { api } = setupPrompt(profile(), () => ({ scheduled: false, scheduledDate: null }));
    await pastTheDelay(api);
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("does not follow a premium page's own upgrade modal, closed before the delay is out", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const { api } = setupPrompt(expiredTrial, () => ({ scheduled: false, scheduledDate: null }));
    act(() => openUpgradeModal("Portfolio"));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(api.to(DELETION)).toHaveLength(1);
    expect(screen.getByRole("dialog", { name: "Upgrade to Premium" })).toHaveTextContent(
      "Portfolio is part of Premium membership.",
    );
    act(() => modals.close("upgrade"));
    await act(() => vi.advanceTimersByTimeAsync(LIFECYCLE.upgradeModalDelayMs * 3));
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("waits while held (the greeting or the welcome video)", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const { api } = setupPrompt(expiredTrial, () => ({ scheduled: false, scheduledDate: null }), true);
    await pastTheDelay(api);
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});

describe("the membership card", () => {
  it("opens the payment page in a new tab", async () => {
    fakeApi([MEMBERSHIP]);
    renderWithProviders(<MembershipCard canCancel />);
    const link = await screen.findByRole("link", { name: "Upgrade (opens in a new tab)" });
    expect(link).toHaveAttribute("href", UPGRADE_URL);
    expect(link).toHaveAttribute("target", "_blank");
    expect(link).toHaveAttribute("rel", "noopener noreferrer");
  });
});

describe("the trial banner", () => {
  it("counts down a running trial", () => {
    renderApp([
      {
        path: "/",
        element: (
          <TrialBanner
            notice={{ kind: "trial", daysLeft: 16, endDate: "2026-12-10", entriesUsed: 2, entriesLimit: 5 }}
            today="2026-11-24"
          />
        ),
      },
    ]);
    expect(screen.getByText("16 days left in your free trial")).toBeInTheDocument();
    expect(
      screen.getByText(/Your trial ends on 10\/12\/2026\. You have used 2 of 5 trial entries/),
    ).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Upgrade to Premium" })).toBeInTheDocument();
  });

  it("gives an expired trial's deletion date and a way to upgrade", async () => {
    fakeApi([MEMBERSHIP]);
    const { user } = renderApp([
      {
        path: "/",
        element: (
          <TrialBanner
            notice={{ kind: "expired", trial: true, deletionDate: "2027-02-01" }}
            today="2026-11-24"
          />
        ),
      },
    ]);
    expect(screen.getByText("Your free trial has ended")).toBeInTheDocument();
    expect(
      screen.getByText(/Your account and everything in it will be deleted on 01\/02\/2027\./),
    ).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Upgrade now" }));
    expect(screen.getByRole("dialog", { name: "Upgrade to Premium" })).toHaveTextContent(
      "deleted on 01/02/2027",
    );
  });

  it("points a scheduled deletion to account management", () => {
    renderApp([
      {
        path: "/",
        element: (
          <TrialBanner notice={{ kind: "scheduled", deletionDate: "2026-12-02" }} today="2026-11-24" />
        ),
      },
    ]);
    expect(screen.getByText("Your account is scheduled for deletion")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Manage in Account Management" })).toHaveAttribute(
      "href",
      "/account-management",
    );
  });
});
