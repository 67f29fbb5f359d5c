// The "idle" event: the idle timeout fires it on window when the user has been inactive long
// enough to be warned; open forms save and stay (save-and-continue, ADR 0019).
export const IDLE_EVENT = "cpd:idle";

export const announceIdle = () => window.dispatchEvent(new Event(IDLE_EVENT));
