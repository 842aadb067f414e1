// Placeholder until the page is built.
export function CreateRequestPage() {
  return <h1 className="text-2xl font-bold">Create Donation</h1>;
}
