/** Web client entry: reads a `#setup=` / `#pair=` link once (removing it from the URL), then renders. */
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { I18nextProvider } from "react-i18next";
import { App } from "./App";
import { i18n } from "./i18n/i18n";
import { takeHashLink } from "./session/hash-link";
import "./styles.css";

const initialLink = takeHashLink();
createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <I18nextProvider i18n={i18n}>
      <App initialLink={initialLink} />
    </I18nextProvider>
  </StrictMode>,
);
