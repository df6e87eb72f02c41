/** Centered card for the signed-out pages (setup, sign-in, pairing). */
import type { ReactNode } from "react";
import { LanguagePicker } from "../shell/LanguagePicker";

export function AuthLayout({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main className="auth">
      <div className="auth-card">
        <LanguagePicker />
        <p className="brand">TavernEdge</p>
        <h1>{title}</h1>
        {children}
      </div>
    </main>
  );
}
