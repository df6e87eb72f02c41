/**
 * Top level: decides between the first-run page (`#setup=`), the pairing page (`#pair=`), sign-in
 * and the signed-in shell; owns the session (localStorage) and the API client. Any request or
 * socket that learns the token no longer works signs this browser out with a notice.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { createApiClient, type ApiError } from "./api/client";
import { devicesApi } from "./api/devices";
import { i18n } from "./i18n/i18n";
import { ToastList } from "./components/ToastList";
import { PairScreen } from "./screens/PairScreen";
import { SetupScreen } from "./screens/SetupScreen";
import { SignInScreen } from "./screens/SignInScreen";
import { takeHashLink, type HashLink } from "./session/hash-link";
import { clearSession, loadSession, saveSession, SESSION_KEY, type Session } from "./session/session-store";
import { SignedInApp } from "./shell/SignedInApp";
import { navigate } from "./shell/router";
import { DEFAULT_PATH } from "./shell/routes";
import { trackFetch } from "./state/inflight";
import { ToastProvider } from "./state/toasts";

function signedOutNotice(error: ApiError): string {
  return i18n.t(error.code === "auth.token_revoked" ? "shell.signOut.tokenRevoked" : "shell.signOut.tokenInvalid");
}

export function App({ initialLink }: { initialLink: HashLink | null }) {
  const [session, setSession] = useState<Session | null>(() => loadSession());
  const [link, setLink] = useState<HashLink | null>(initialLink);
  const [notice, setNotice] = useState<string | null>(null);
  const sessionRef = useRef(session);
  sessionRef.current = session;

  const signOut = useCallback((message?: string) => {
    clearSession();
    sessionRef.current = null;
    setSession(null);
    setNotice(message ?? null);
  }, []);

  const api = useMemo(
    () =>
      createApiClient({
        getToken: () => sessionRef.current?.deviceToken ?? null,
        onSignedOut: (error) => signOut(signedOutNotice(error)),
        fetchImpl: trackFetch,
      }),
    [signOut],
  );
  const devices = useMemo(() => devicesApi(api), [api]);

  const signIn = useCallback((next: Session) => {
    saveSession(next);
    sessionRef.current = next;
    setSession(next);
    setLink(null);
    setNotice(null);
    navigate(DEFAULT_PATH, { replace: true });
  }, []);

  useEffect(() => {
    const onHash = () => {
      const next = takeHashLink();
      if (next) setLink(next);
    };
    const onStorage = (event: StorageEvent) => {
      if (event.key === SESSION_KEY) setSession(loadSession());
    };
    window.addEventListener("hashchange", onHash);
    window.addEventListener("storage", onStorage);
    return () => {
      window.removeEventListener("hashchange", onHash);
      window.removeEventListener("storage", onStorage);
    };
  }, []);

  let page;
  if (link?.kind === "setup") {
    page = (
      <SetupScreen
        setupToken={link.setupToken}
        devices={devices}
        alreadySignedIn={session !== null}
        onSignedIn={signIn}
        onCancel={() => setLink(null)}
      />
    );
  } else if (link?.kind === "pair") {
    page = (
      <PairScreen
        code={link.code}
        devices={devices}
        alreadySignedIn={session !== null}
        onSignedIn={signIn}
        onCancel={() => setLink(null)}
      />
    );
  } else if (!session) {
    page = <SignInScreen notice={notice} devices={devices} onSignedIn={signIn} />;
  } else {
    page = <SignedInApp key={session.deviceToken} session={session} api={api} devices={devices} signOut={signOut} />;
  }
  return (
    <ToastProvider>
      {page}
      <ToastList />
    </ToastProvider>
  );
}
