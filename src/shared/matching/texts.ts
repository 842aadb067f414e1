// The blood group select's empty choice (spec sections 3, 5).

/** The spec's empty choice of the registration's and the request form's blood group selects. */
export const BLOOD_GROUP_PLACEHOLDER = 'Select Blood Group';
