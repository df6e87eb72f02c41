/** Placeholder for a screen a later issue builds; says so plainly. */
export function ComingSoon({ title, summary }: { title: string; summary: string }) {
  return (
    <section className="screen" aria-labelledby="screen-title">
      <h1 id="screen-title">{title}</h1>
      <p className="soon-badge">Coming soon</p>
      <p>{summary}</p>
      <p className="muted">This screen is not built yet. The API for it may already exist; see docs/api.md.</p>
    </section>
  );
}
