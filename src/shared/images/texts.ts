// What the picture picker says when the file is not a picture (spec section 5).

export const IMAGE_ERROR_TITLE = 'Oops...';
export const IMAGE_ERROR_TEXT = 'Only Image File You Can Uploaded!';

/** The uploads' messages (POST /images, and a picture a form names). */
export const IMAGE_MESSAGES = {
  notFound: 'No such image',
  unknownPicture: 'Unknown picture',
  empty: 'The picture is empty',
  field: 'Send the picture in the field "image"',
  multipart: 'Send the picture as multipart/form-data in the field "image"',
  types: 'Only JPEG, PNG or GIF pictures are accepted',
  tooLarge: 'The image is too large to process',
  unreadable: 'The image could not be read: it may be damaged or incomplete',
  usePicker: 'Upload the picture with the picture picker first',
} as const;
