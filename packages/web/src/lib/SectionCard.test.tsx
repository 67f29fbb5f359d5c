import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWithProviders } from "../test/render";
import { SectionCard } from "./SectionCard";

describe("the section card", () => {
  it("is a region named by its heading, at the level asked, with the action beside it", () => {
    renderWithProviders(
      <>
        <SectionCard title="Governing bodies" action={<button type="button">Edit governing bodies</button>}>
          <p>HCPC</p>
        </SectionCard>
        <SectionCard order={3} title="Upload a document">
          <p>Choose a file</p>
        </SectionCard>
      </>,
    );
    const bodies = screen.getByRole("region", { name: "Governing bodies" });
    expect(within(bodies).getByRole("heading", { level: 2 })).toHaveTextContent("Governing bodies");
    expect(within(bodies).getByRole("button")).toHaveTextContent("Edit governing bodies");
    expect(within(bodies).getByText("HCPC")).toBeVisible();
    const upload = screen.getByRole("region", { name: "Upload a document" });
    expect(within(upload).getByRole("heading", { level: 3 })).toHaveTextContent("Upload a document");
    expect(within(upload).queryByRole("button")).toBeNull();
  });
});
