import { act, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { HOVER_SELECT_MS, useHoverSelect } from "./use-hover-select";

function List() {
  const hover = useHoverSelect<string>();
  return (
    <ul>
      {["a", "b"].map((id) => (
        <li key={id} tabIndex={-1} {...hover.props(id)}>
          {id}
        </li>
      ))}
    </ul>
  );
}

afterEach(() => vi.useRealTimers());

describe("hover selection", () => {
  it("selects an item hovered for 500 ms, not one the pointer passes over", () => {
    vi.useFakeTimers();
    render(<List />);
    const [a, b] = [screen.getByText("a"), screen.getByText("b")];
    fireEvent.mouseEnter(a);
    act(() => vi.advanceTimersByTime(HOVER_SELECT_MS - 1));
    fireEvent.mouseLeave(a);
    act(() => vi.advanceTimersByTime(1000));
    expect(a).not.toHaveAttribute("data-selected");

    fireEvent.mouseEnter(b);
    act(() => vi.advanceTimersByTime(HOVER_SELECT_MS));
    expect(HOVER_SELECT_MS).toBe(500);
    expect(b).toHaveAttribute("data-selected", "true");
    expect(a).not.toHaveAttribute("data-selected");
  });

  it("selects a focused item at once", () => {
    render(<List />);
    fireEvent.focus(screen.getByText("a"));
    expect(screen.getByText("a")).toHaveAttribute("data-selected", "true");
  });
});
