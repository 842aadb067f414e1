// Placeholder until the page is built.
export function AllUsersPage() {
  return <h1 className="text-2xl font-bold">All Users</h1>;
}
