// What the picture picker says when the file is not a picture (spec section 5).

export const IMAGE_ERROR_TITLE = 'Oops...';
export const IMAGE_ERROR_TEXT = 'Only Image File You Can Uploaded!';
