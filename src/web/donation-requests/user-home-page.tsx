// Placeholder until the page is built.
export function UserHomePage() {
  return <h1 className="text-2xl font-bold">Welcome</h1>;
}
