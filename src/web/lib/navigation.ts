// Lets code outside the router tree (the auth provider, the API client) navigate. router.tsx
// registers the router's navigate function once it exists.
let navigateTo: (to: string) => unknown = (to) => window.location.assign(to);

export function setNavigator(fn: (to: string) => unknown) {
  navigateTo = fn;
}

export function navigate(to: string) {
  void navigateTo(to);
}
