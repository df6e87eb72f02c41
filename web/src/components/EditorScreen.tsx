/**
 * The frame of a library editor screen (a character card, a World Info book): the back link, the
 * title, the load error, and, once the record was deleted on another device, that notice instead
 * of the editor (`children`).
 */
import type { ReactNode } from "react";
import type { ErrorLike } from "../i18n/errors";
import { Link } from "../shell/Link";
import { ErrorNote } from "./ErrorNote";

export interface EditorScreenProps {
  /** Extra class of the `<section className="screen …">`. */
  className: string;
  back: { href: string; label: string };
  title: string;
  error: ErrorLike | null;
  /** The sentence shown instead of the editor once the record is gone, or null while it exists. */
  removedNotice: string | null;
  children: ReactNode;
}

export function EditorScreen({ className, back, title, error, removedNotice, children }: EditorScreenProps) {
  return (
    <section className={`screen ${className}`} aria-labelledby="screen-title">
      <Link href={back.href} className="back-link">
        {back.label}
      </Link>
      <h1 id="screen-title">{title}</h1>
      <ErrorNote error={error} />
      {removedNotice !== null ? (
        <p className="notice" role="alert">
          {removedNotice}
        </p>
      ) : (
        children
      )}
    </section>
  );
}
