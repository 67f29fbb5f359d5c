import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderApp } from "../../test/render";
import { Banners } from "./Banners";

const profile = {
  mobileNumber: "07700900000",
  mobileVerified: false,
  alternativeEmail: null,
  alternativeEmailVerified: false,
  fullMember: true,
  tags: [],
  trialStatus: { isTrialUser: false, isTrialExpired: false },
};

describe("the dashboard banners", () => {
  it("send the user to the profile for contact details and tags", () => {
    renderApp([{ path: "/", element: <Banners profile={profile} /> }]);
    const links = screen.getAllByRole("link");
    expect(links.map((l) => [l.textContent, l.getAttribute("href")])).toEqual([
      ["Add contact details in your profile", "/profile"],
      ["Verify them in your profile", "/profile"],
      ["Add tags in your profile", "/profile"],
    ]);
    expect(screen.getByText("Verify your contact details")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Verify them in your profile" }).parentElement).toHaveTextContent(
      /^Your mobile number or alternative email address is not verified yet\. Verify them in your profile$/,
    );
    expect(screen.queryByText("Upgrade to Premium")).toBeNull();
  });

  it("offer Premium to a free member past the trial", () => {
    const free = {
      ...profile,
      fullMember: false,
      alternativeEmail: "a@example.org",
      alternativeEmailVerified: true,
      mobileVerified: true,
      tags: ["x"],
    };
    renderApp([{ path: "/", element: <Banners profile={free} /> }]);
    expect(screen.getByText("Upgrade to Premium")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "See Premium options" })).toBeInTheDocument();
    expect(screen.queryByRole("link")).toBeNull();
  });
});
