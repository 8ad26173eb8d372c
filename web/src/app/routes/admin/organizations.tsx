export function Component() {
  return <h2 className="text-lg font-semibold">Organizations</h2>;
}
