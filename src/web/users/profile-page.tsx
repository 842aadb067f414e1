// Placeholder until the page is built.
export function ProfilePage() {
  return <h1 className="text-2xl font-bold">Profile</h1>;
}
