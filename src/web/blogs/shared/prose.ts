// Readable typography for blog content: the article page and the editor share it, so what an
// author writes looks the way readers will see it. Plain Tailwind on the wrapper's descendants
// (no typography plugin): comfortable line length and height, spaced blocks, visible links.
export const PROSE_CLASSES = [
  'max-w-[68ch] text-base leading-relaxed text-base-content [overflow-wrap:anywhere] sm:text-lg',
  '[&>*+*]:mt-4',
  '[&_h1]:mt-8 [&_h1]:text-3xl [&_h1]:font-bold [&_h1]:leading-tight',
  '[&_h2]:mt-8 [&_h2]:text-2xl [&_h2]:font-bold [&_h2]:leading-tight',
  '[&_h3]:mt-6 [&_h3]:text-xl [&_h3]:font-semibold',
  '[&_h4]:mt-6 [&_h4]:font-semibold',
  '[&_strong]:font-bold [&_em]:italic [&_s]:line-through [&_u]:underline',
  '[&_a]:text-primary [&_a]:underline [&_a]:underline-offset-2 hover:[&_a]:decoration-2',
  '[&_ul]:list-disc [&_ol]:list-decimal [&_ul]:pl-6 [&_ol]:pl-6 [&_li]:mt-1 [&_li>p]:m-0',
  '[&_blockquote]:border-l-4 [&_blockquote]:border-primary/60 [&_blockquote]:pl-4 [&_blockquote]:italic',
  '[&_img]:my-6 [&_img]:h-auto [&_img]:max-w-full [&_img]:rounded-box',
  '[&_code]:rounded [&_code]:bg-base-200 [&_code]:px-1 [&_code]:font-mono [&_code]:text-[0.9em]',
  '[&_pre]:overflow-x-auto [&_pre]:rounded-box [&_pre]:bg-base-200 [&_pre]:p-4 [&_pre_code]:bg-transparent [&_pre_code]:p-0',
  '[&_hr]:my-8 [&_hr]:border-base-300',
].join(' ');
