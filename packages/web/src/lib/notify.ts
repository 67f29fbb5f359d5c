// Toasts with the required timing (REQ-GEN-03): successes last 5 s, errors stay until dismissed.
import { notifications } from "@mantine/notifications";
import { errorMessage } from "./error-messages";
import { errorContent } from "./IdentifierFindings";

export function notifySuccess(title: string, message?: string) {
  notifications.show({ title, message: message ?? "", color: "green", autoClose: 5000 });
}

export function notifyError(title: string, err?: unknown) {
  const detail = err === undefined ? "" : errorMessage(err);
  // A 401 on a session call shows nothing: the user is being sent to login.
  if (err !== undefined && detail === "") return;
  // A refusal for patient identifiers lists them, each linking to its record (ADR 0029).
  notifications.show({
    title,
    message: err === undefined ? detail : errorContent(err),
    color: "red",
    autoClose: false,
  });
}

/** A toast with a fixed message (a warning, or a check the client made itself). */
export function notifyMessage(title: string, message: string, tone: "warning" | "error" = "warning") {
  notifications.show({
    title,
    message,
    color: tone === "warning" ? "orange" : "red",
    autoClose: tone === "warning" ? 5000 : false,
  });
}
