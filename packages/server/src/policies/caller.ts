// Who is calling, as the policies see it. Routes get a Caller from the auth
// plugin; a decision that needs the caller's organisation gets an Actor, whose
// facts a service or loader has read first (the policies never read the database).
import type { Deps } from "../deps.js";

export interface Caller {
  id: string;
  roles: string[];
  impersonatedBy?: string;
  /** Set when the auth layer already knows it (from the database, never from a token). */
  organisationId?: number | null;
}

/** The caller's facts a pure policy decides on. */
export interface Actor {
  id: string;
  roles: readonly string[];
  organisationId: number | null;
}

/** What a route's check may look at of the call itself: its validated path and query. */
interface PolicyInput {
  params: unknown;
  query: unknown;
}

/** A route's check, run before its handler; it throws the AppError that refuses. */
export type Policy = (caller: Caller, deps: Deps, input?: PolicyInput) => void | Promise<void>;
