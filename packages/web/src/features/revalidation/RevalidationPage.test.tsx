import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeApi, withError } from "../../test/fake-api";
import { renderApp, renderWithProviders } from "../../test/render";
import { CompactProgress, ProgressCard } from "./ProgressCard";
import RevalidationPage from "./RevalidationPage";
import { gphcPack, nmcPack, practiceRecord, progress, registration } from "./test-data";

afterEach(() => vi.unstubAllGlobals());

describe("the progress card", () => {
  it("shows each requirement's done against target, what is met, missing and forecast", () => {
    renderWithProviders(<ProgressCard p={progress()} />);
    const card = screen.getByRole("region", { name: /Nursing and Midwifery Council \(12A3456E\)/ });
    expect(within(card).getByText("Short")).toBeInTheDocument();
    expect(within(card).getByText("NMC revalidation, version 2019")).toBeInTheDocument();
    expect(within(card).getByText("Due in 490 days, on 31/03/2028")).toBeInTheDocument();
    expect(within(card).getByText("Submission window opens 31/12/2027")).toBeInTheDocument();

    const bars = within(card).getAllByRole("progressbar");
    expect(bars.map((b) => b.getAttribute("aria-label"))).toEqual([
      "Practice hours: 100 of 900 hours",
      "CPD hours: 35 of 35 hours",
      "Reflective accounts cover the Code: 2 of 4 themes",
    ]);
    expect(bars[0]).toHaveAttribute("aria-valuenow", "11");
    expect(bars[1]).toHaveAttribute("aria-valuenow", "100");

    const practice = screen.getByTestId("requirement-practice-hours");
    expect(within(practice).getByText(/reached by 15\/01\/2029 \(after the deadline\)/)).toBeInTheDocument();
    expect(within(screen.getByTestId("requirement-cpd-hours")).getByText("(met)")).toBeInTheDocument();
    expect(
      within(screen.getByTestId("requirement-code-themes")).getByText(
        "Still to cover: Preserve safety, Promote professionalism and trust",
      ),
    ).toBeInTheDocument();
    expect(within(card).getByText("No CPD between 01/01/2026 and 01/09/2026.")).toBeInTheDocument();
  });

  it("compact form for the dashboard: bars, days to the deadline and a forecast only where short", () => {
    renderWithProviders(<CompactProgress p={progress({ status: "onTrack", daysToDeadline: 1 })} />);
    expect(screen.getByText("On track")).toBeInTheDocument();
    expect(screen.getByText("Due in 1 day, on 31/03/2028")).toBeInTheDocument();
    expect(screen.getAllByRole("progressbar")).toHaveLength(3);
    expect(screen.getByText("At your pace, reached by 15/01/2029")).toBeInTheDocument();
    expect(screen.queryByText(/Still to cover/)).not.toBeInTheDocument();
  });
});

function setup({ items = [progress()], registrations = [registration] } = {}) {
  const api = fakeApi([
    ["GET", /^\/api\/revalidation$/, () => ({ items })],
    ["GET", /^\/api\/revalidation\/packs$/, () => ({ items: [nmcPack, gphcPack] })],
    ["GET", /^\/api\/profile\/registrations$/, () => ({ items: registrations })],
    ["GET", /^\/api\/revalidation\/records$/, () => ({ items: [practiceRecord], total: 1 })],
    ["POST", /^\/api\/revalidation\/records$/, (req) => ({ ...practiceRecord, ...(req.body as object) })],
    [
      "PUT",
      /^\/api\/profile\/registrations$/,
      (req) => {
        const body = req.body as { items: { registrationNumber: string }[] };
        if (body.items.some((r) => r.registrationNumber === "TAKEN1"))
          return withError(400, "VALIDATION_FAILED", "The registers must be the regulator's.");
        return {
          items: body.items.map((r, i) => ({
            ...registration,
            ...r,
            id: `${registration.id.slice(0, -1)}${i}`,
          })),
        };
      },
    ],
  ]);
  const app = renderApp([{ path: "/revalidation", element: <RevalidationPage /> }], { at: "/revalidation" });
  return { ...app, api };
}

describe("the revalidation page", () => {
  it("shows a card per registration and lists the records", async () => {
    setup();
    expect(await screen.findByRole("heading", { name: /Nursing and Midwifery Council/ })).toBeInTheDocument();
    const table = await screen.findByRole("table", { name: /Your revalidation records/ });
    const row = within(table).getByRole("row", { name: /Ward 7/ });
    expect(within(row).getByText("05/01/2026 to 31/03/2026")).toBeInTheDocument();
    expect(within(row).getByText("100")).toBeInTheDocument();
  });

  it("submits a practice-hours record with its details", async () => {
    const { user, api } = setup();
    const posted = () => api.to(/^\/api\/revalidation\/records$/, "POST");
    await user.click(await screen.findByRole("button", { name: "Add a record" }));
    const dialog = await screen.findByRole("dialog", { name: "Add a record" });
    // Nothing is sent while the required fields are empty.
    await user.click(within(dialog).getByRole("button", { name: "Save record" }));
    expect(within(dialog).getByText(/Enter the hours/)).toBeInTheDocument();
    expect(posted()).toHaveLength(0);

    for (const [name, text] of [
      [/First day/, "01/04/2026"],
      [/Last day/, "30/06/2026"],
      [/^Hours/, "100"],
      [/Organisation/, "City Hospital"],
      [/Setting/, "Acute ward"],
    ] as const) {
      await user.type(within(dialog).getByRole("textbox", { name }), text);
    }
    await user.click(within(dialog).getByRole("button", { name: "Save record" }));

    await waitFor(() => expect(posted()).toHaveLength(1));
    expect(posted()[0]?.body).toEqual({
      kind: "practiceHours",
      title: "Practice hours",
      date: "2026-04-01",
      endDate: "2026-06-30",
      hours: 100,
      details: { organisation: "City Hospital", setting: "Acute ward" },
      themes: [],
    });
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    // The progress is asked for again once the record is in.
    await waitFor(() => expect(api.to(/^\/api\/revalidation$/).length).toBeGreaterThan(1));
  });

  it("asks a user without registrations to add one, and checks it before saving", async () => {
    const { user, api } = setup({ items: [], registrations: [] });
    expect(await screen.findByText("You have no registrations yet.")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Add a registration" }));
    await user.click(screen.getByRole("button", { name: "Save registrations" }));

    expect(screen.getByText("Choose your regulator")).toBeInTheDocument();
    expect(screen.getByText("Choose at least one register")).toBeInTheDocument();
    expect(screen.getByText("Enter your registration number")).toBeInTheDocument();
    expect(screen.getByText("Enter the date as DD/MM/YYYY")).toBeInTheDocument();
    expect(api.to(/^\/api\/profile\/registrations$/, "PUT")).toHaveLength(0);
  });

  it("saves an NMC registration with two registers, and shows the API's message when refused", async () => {
    const { user, api } = setup({ items: [], registrations: [] });
    await user.click(await screen.findByRole("button", { name: "Add a registration" }));
    await user.click(screen.getByRole("combobox", { name: /^Regulator/ }));
    await user.click(await screen.findByRole("option", { name: "Nursing and Midwifery Council (NMC)" }));
    await user.click(screen.getByRole("combobox", { name: /^Registers/ }));
    await user.click(await screen.findByRole("option", { name: "Nurse" }));
    await user.click(await screen.findByRole("option", { name: "Midwife" }));
    await user.type(screen.getByRole("textbox", { name: /Registration number/ }), "TAKEN1");
    await user.type(screen.getByRole("textbox", { name: /Renewal or revalidation date/ }), "31/03/2028");
    await user.click(screen.getByRole("button", { name: "Save registrations" }));

    expect(await screen.findByText("The registers must be the regulator's.")).toBeInTheDocument();
    expect(api.to(/^\/api\/profile\/registrations$/, "PUT")[0]?.body).toEqual({
      items: [
        {
          regulator: "NMC",
          registers: ["nurse", "midwife"],
          registrationNumber: "TAKEN1",
          renewalDate: "2028-03-31",
          reminders: true,
          targetHours: null,
          cycleMonths: null,
        },
      ],
    });
  });

  it("asks for the target and cycle length of another body", async () => {
    const { user, api } = setup({ items: [], registrations: [] });
    await user.click(await screen.findByRole("button", { name: "Add a registration" }));
    await user.click(screen.getByRole("combobox", { name: /^Regulator/ }));
    await user.click(await screen.findByRole("option", { name: "Another body (your own target)" }));
    await user.type(screen.getByRole("textbox", { name: /Cycle length in months/ }), "0");
    await user.click(screen.getByRole("button", { name: "Save registrations" }));
    expect(screen.getByText("Enter a target between 0 and 10,000 hours")).toBeInTheDocument();
    expect(screen.getByText("Enter a whole number of months between 1 and 120")).toBeInTheDocument();
    expect(api.to(/^\/api\/profile\/registrations$/, "PUT")).toHaveLength(0);
  });
});
