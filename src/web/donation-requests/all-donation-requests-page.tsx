// Placeholder until the page is built.
export function AllDonationRequestsPage() {
  return <h1 className="text-2xl font-bold">All Donation Requests</h1>;
}
