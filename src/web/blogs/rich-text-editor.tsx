import Image from '@tiptap/extension-image';
import { type Editor, EditorContent, useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { type FocusEvent, useEffect, useMemo, useRef, useState } from 'react';
import { ACCEPTED_IMAGE_TYPES } from '../../shared/images/model';
import { errorDialog } from '../components/dialogs';
import { isAcceptedImage, uploadImage } from '../components/form/image-picker';
import { pickerText } from '../components/form/texts';
import { useMessages } from '../i18n';
import { editorText } from './texts';
import { toast } from '../lib/toast';
import { EditorToolbar } from './editor-toolbar';
import { PROSE_CLASSES } from './shared/prose';

// The blog editor (Tiptap). Only the blog form (/dashboard/addBlog, /dashboard/editBlog/{id}) imports this file, so Tiptap and ProseMirror
// stay in that route's lazy chunk: never import it from a public page or a shared module.

/** The editor's HTML, or '' when there is nothing to read (so "required" can catch it). */
export function editorValue(editor: Editor): string {
  const html = editor.getHTML();
  const empty = editor.isEmpty || (editor.getText().trim() === '' && !html.includes('<img'));
  return empty ? '' : html;
}

/** What the author typed as a link: kept when it has a scheme we allow, else read as https. */
export function normaliseLink(input: string): string {
  const url = input.trim();
  return /^(https?:\/\/|mailto:)/i.test(url) ? url : `https://${url.replace(/^\/+/, '')}`;
}

interface RichTextEditorProps {
  id: string;
  /** The id of the visible label. */
  labelledBy: string;
  /** Ids of the hint and the error message. */
  describedBy?: string;
  invalid?: boolean;
  /** The HTML it starts with (a post being edited); read once, when the editor is made. */
  initialContent?: string;
  onChange: (html: string) => void;
  /** Focus left the editor and its toolbar (the field counts as touched). */
  onBlur: () => void;
  /** Receives a handle that focuses the text (react-hook-form focuses the first invalid field). */
  focusRef?: (handle: { focus: () => void } | null) => void;
}

const EXTENSIONS = [
  StarterKit.configure({
    // The page title is the h1: content headings start at h2.
    heading: { levels: [2, 3] },
    code: false,
    codeBlock: false,
    link: { openOnClick: false, autolink: true, defaultProtocol: 'https', protocols: ['http', 'https', 'mailto'] },
  }),
  Image.configure({ allowBase64: false }),
];

/** The attributes that never change; ProseMirror owns them (it re-applies them on every update). */
function staticAttributes(id: string, labelledBy: string) {
  return {
    id,
    role: 'textbox',
    'aria-multiline': 'true',
    'aria-labelledby': labelledBy,
    // The wrapper draws the focus ring (around toolbar and text alike), so none here.
    class: `min-h-64 px-4 py-3 outline-none! ${PROSE_CLASSES}`,
  };
}

export function RichTextEditor({ id, labelledBy, describedBy, invalid, initialContent, onChange, onBlur, focusRef }: RichTextEditorProps) {
  const fileInput = useRef<HTMLInputElement>(null);
  const [imageBusy, setImageBusy] = useState(false);
  const t = useMessages(editorText);
  const picker = useMessages(pickerText);

  // Options that stay the same object across renders: Tiptap re-configures the editor whenever
  // they differ (editor.setOptions), and doing that while someone types can lose keystrokes.
  const editorProps = useMemo(() => ({ attributes: staticAttributes(id, labelledBy) }), [id, labelledBy]);
  const editor = useEditor({
    extensions: EXTENSIONS,
    content: initialContent ?? '',
    editorProps,
    onUpdate: ({ editor: e }) => onChange(editorValue(e)),
  });

  useEffect(() => {
    focusRef?.({ focus: () => editor.commands.focus() });
    return () => focusRef?.(null);
  }, [editor, focusRef]);

  // The error state changes without an editor transaction. Set these two on the element itself:
  // ProseMirror leaves attributes it does not manage alone, and re-configuring the editor while
  // someone types (editor.setOptions) can lose the keystrokes not yet read from the page.
  useEffect(() => {
    const dom = editor.view.dom;
    dom.setAttribute('aria-invalid', invalid ? 'true' : 'false');
    if (describedBy) dom.setAttribute('aria-describedby', describedBy);
    else dom.removeAttribute('aria-describedby');
  }, [editor, invalid, describedBy]);

  const onLink = () => {
    const previous = (editor.getAttributes('link').href as string | undefined) ?? '';
    const input = window.prompt(t.linkPrompt({ example: 'https://example.org' }), previous);
    if (input === null) return;
    if (input.trim() === '') {
      editor.chain().focus().extendMarkRange('link').unsetLink().run();
      return;
    }
    const href = normaliseLink(input);
    if (editor.state.selection.empty && !editor.isActive('link')) {
      // Nothing selected: insert the address itself as the link text.
      editor.chain().focus().insertContent({ type: 'text', text: input.trim(), marks: [{ type: 'link', attrs: { href } }] }).run();
    } else {
      editor.chain().focus().extendMarkRange('link').setLink({ href }).run();
    }
  };

  const onImageChosen = async (file: File | undefined) => {
    if (!file) return;
    if (!isAcceptedImage(file)) {
      await errorDialog(picker.errorTitle, picker.errorText, picker.ok);
      return;
    }
    setImageBusy(true);
    try {
      const src = await uploadImage(file);
      const alt = window.prompt(t.altPrompt, '') ?? '';
      editor.chain().focus().setImage({ src, alt: alt.trim() }).run();
    } catch (error) {
      toast.error(error instanceof Error ? t.uploadFailedWith({ reason: error.message }) : t.uploadFailed);
    } finally {
      setImageBusy(false);
    }
  };

  /** Touched only once focus leaves the whole editor: using the toolbar is still editing. */
  const onGroupBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget)) onBlur();
  };

  return (
    <div
      onBlur={onGroupBlur}
      className={`overflow-hidden rounded-field border bg-base-100 has-[.ProseMirror-focused]:outline-2 has-[.ProseMirror-focused]:outline-offset-2 has-[.ProseMirror-focused]:outline-base-content ${
        invalid ? 'border-error' : 'border-base-content/40'
      }`}
    >
      <EditorToolbar editor={editor} controls={id} actions={{ onLink, onImage: () => fileInput.current?.click(), imageBusy }} />
      <EditorContent editor={editor} />
      <input
        ref={fileInput}
        type="file"
        accept={ACCEPTED_IMAGE_TYPES.join(',')}
        className="hidden"
        tabIndex={-1}
        aria-hidden="true"
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          void onImageChosen(file);
        }}
      />
    </div>
  );
}
