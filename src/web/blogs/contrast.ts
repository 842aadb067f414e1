/**
 * daisyUI's light-theme error red (#ff627d) is 2.9:1 on white, below AA for text (and below 3:1
 * for an invalid field's border). Until the light theme in styles.css darkens it, the forms of
 * the content pages (add blog, donor search, give fund) set the brand's deep red (6:1 on white)
 * as their error colour, for their own messages and those of the shared pickers inside them.
 * The dark theme's error red already passes (5.5:1) and is left alone.
 */
export const AA_ERROR_COLOUR =
  '[[data-theme=light]_&]:[--color-error:oklch(50.5%_0.213_27.518)] [[data-theme=light]_&]:[--color-error-content:oklch(100%_0_0)]';
