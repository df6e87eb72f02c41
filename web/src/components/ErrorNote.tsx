/** An inline error under a form: message plus its dotted code. */
export function ErrorNote({ error }: { error: { code: string; message: string } | null }) {
  if (!error) return null;
  return (
    <p className="error-note" role="alert">
      {error.message} <code>{error.code}</code>
    </p>
  );
}
