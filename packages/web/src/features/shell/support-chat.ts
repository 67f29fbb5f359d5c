// The support chat (REQ-SHELL-05): a third-party messenger with Intercom's browser API.
// It starts for the signed-in user with the identity the server signs (GET user-account/user/intercom:
// name and a signed token, valid 24 hours) and restarts anonymously after logout. The service's
// app id is configuration, given to the build as VITE_SUPPORT_CHAT_APP_ID; without it there is no
// chat and no launcher. (The API's Content-Security-Policy must also allow the messenger's hosts.)

type Messenger = ((command: string, ...args: unknown[]) => void) & { q?: unknown[][] };
declare global {
  interface Window {
    Intercom?: Messenger;
  }
}

const WIDGET_URL = "https://widget.intercom.io/widget/";

let appId: string | null = (import.meta.env.VITE_SUPPORT_CHAT_APP_ID as string | undefined) || null;

/** For tests: the app id as a build would have it (null: no chat). */
export function configureSupportChat(id: string | null) {
  appId = id;
}

export const supportChatEnabled = () => appId !== null;

/** The messenger, loaded once: commands queue until its script has arrived. */
function messenger(): Messenger | null {
  if (!appId || typeof window === "undefined") return null;
  if (!window.Intercom) {
    const queued: Messenger = (...args) => {
      queued.q?.push(args);
    };
    queued.q = [];
    window.Intercom = queued;
    const script = document.createElement("script");
    script.async = true;
    script.src = `${WIDGET_URL}${encodeURIComponent(appId)}`;
    document.head.append(script);
  }
  return window.Intercom;
}

// Our own launcher (labelled, keyboard-reachable) replaces the messenger's floating bubble.
const settings = () => ({ app_id: appId, hide_default_launcher: true });

/** Starts the chat as the signed-in user (shut down first, as REQ-SHELL-05 describes). */
export function startSupportChat(identity: { name: string; token: string }) {
  const m = messenger();
  if (!m) return;
  m("shutdown");
  m("boot", { ...settings(), name: identity.name, intercom_user_jwt: identity.token });
}

/** After logout: the chat forgets the user and starts again as an anonymous visitor. */
export function restartSupportChatAnonymously() {
  const m = messenger();
  if (!m) return;
  m("shutdown");
  m("boot", settings());
}

export function openSupportChat() {
  messenger()?.("show");
}
