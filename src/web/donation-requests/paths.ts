// Dashboard addresses of the donation-request pages (spec section 2). Row links go to the edit
// and view pages relative to userHome from every list.

export const MY_REQUESTS_PATH = '/dashboard/myDonationRequests';
export const CREATE_PATH = '/dashboard/createDonationReq';
export const editPath = (id: string) => `/dashboard/userHome/editDonation/${id}`;
export const viewPath = (id: string) => `/dashboard/userHome/viewDetails/${id}`;
export const detailsPath = (id: string) => `/requestDetails/${id}`;

/** Where a dashboard link came from, so the edit page can go back there. */
export interface FromState {
  from?: string;
}
