// Placeholder until the page is built.
export function EditRequestPage() {
  return <h1 className="text-2xl font-bold">Edit Donation Request</h1>;
}
