// Placeholder until the page is built.
export function ContentManagementPage() {
  return <h1 className="text-2xl font-bold">Content Management</h1>;
}
