import { api } from "@cpd/contract";
import { call, setSessionEndHandler } from "../../lib/api-client";
import { queryClient } from "../../lib/query-client";
import { session } from "../../lib/session";
import { restartSupportChatAnonymously } from "../shell";

/** Ends the session on the server (older tokens stop working) and locally. */
export async function logout(): Promise<void> {
  try {
    await call(api.logout);
  } catch {
    // Logging out locally matters more than the server's answer.
  }
  session.clear("logout");
  queryClient.clear();
  restartSupportChatAnonymously();
}

// A 401 or "No user found" from any session call: forget everything; the route
// guard then sends the user to login, keeping the intended URL.
setSessionEndHandler(() => {
  session.clear("expired");
  queryClient.clear();
  restartSupportChatAnonymously();
});
