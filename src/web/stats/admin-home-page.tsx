// Placeholder until the page is built.
export function AdminHomePage() {
  return <h1 className="text-2xl font-bold">Admin Home</h1>;
}
