import { pathTo } from '../../../shared/routing/routes';

// Addresses of the donation-request pages (spec section 2), from the route table. Row links go to
// the edit and view pages relative to userHome from every list.

export const MY_REQUESTS_PATH = pathTo('myDonationRequests');
export const CREATE_PATH = pathTo('createDonationReq');
export const editPath = (id: string) => pathTo('editDonation', { id });
export const viewPath = (id: string) => pathTo('viewDetails', { id });
export const detailsPath = (id: string) => pathTo('requestDetails', { id });

/** Where a dashboard link came from, so the edit page can go back there. */
export interface FromState {
  from?: string;
}
