/** Web client entry: reads a `#setup=` / `#pair=` link once (removing it from the URL), then renders. */
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./App";
import { takeHashLink } from "./session/hash-link";
import "./styles.css";

const initialLink = takeHashLink();
createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <App initialLink={initialLink} />
  </StrictMode>,
);
