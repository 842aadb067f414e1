// Placeholder until the page is built.
export function ViewRequestPage() {
  return <h1 className="text-2xl font-bold">Donation Request</h1>;
}
