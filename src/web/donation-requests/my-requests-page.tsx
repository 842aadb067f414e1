// Placeholder until the page is built.
export function MyRequestsPage() {
  return <h1 className="text-2xl font-bold">My Donation Requests</h1>;
}
