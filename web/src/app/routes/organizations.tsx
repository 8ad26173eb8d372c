export function Component() {
  return (
    <section>
      <h1 className="text-2xl font-semibold tracking-tight">Organizations</h1>
    </section>
  );
}
