// Placeholder until the page is built.
export function AddBlogPage() {
  return <h1 className="text-2xl font-bold">Add Blog</h1>;
}
