import { type Editor, useEditorState } from '@tiptap/react';
import { type KeyboardEvent, type ReactNode, useRef, useState } from 'react';
import { useMessages } from '../i18n';
import { editorText } from './texts';

// The formatting toolbar of the blog editor, built to the WAI-ARIA toolbar pattern: one Tab stop,
// arrow keys (and Home / End) move between the buttons, toggles say whether they are on with
// aria-pressed. Part of the addBlog chunk only (it imports Tiptap).

export interface ToolbarActions {
  onLink: () => void;
  onImage: () => void;
  imageBusy: boolean;
}

interface Tool {
  key: string;
  label: string;
  /** Keyboard shortcut, shown in the tooltip. */
  shortcut?: string;
  icon: ReactNode;
  run: () => void;
  /** Present on toggles only: is the format on at the cursor? */
  pressed?: boolean;
  disabled?: boolean;
  busy?: boolean;
  /** Starts a new group (a divider before it). */
  group?: boolean;
}

const svg = (d: string) => (
  <svg viewBox="0 0 24 24" className="size-4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
    <path d={d} />
  </svg>
);
const ICONS = {
  bulletList: svg('M9 6h11M9 12h11M9 18h11M4.5 6h.01M4.5 12h.01M4.5 18h.01'),
  orderedList: svg('M10 6h10M10 12h10M10 18h10M4 5l1.5-1V9M3.5 15.5a1.2 1.2 0 0 1 2.3.5L3.5 19H6'),
  link: svg('M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1'),
  image: svg('M4 5h16v14H4zM4 16l5-5 4 4 2-2 5 5M15.5 9.5h.01'),
  undo: svg('M9 14L4 9l5-5M4 9h10a6 6 0 0 1 0 12h-3'),
  redo: svg('M15 14l5-5-5-5M20 9H10a6 6 0 0 0 0 12h3'),
};
const text = (t: string, className = '') => (
  <span aria-hidden="true" className={`text-sm ${className}`}>
    {t}
  </span>
);

export function EditorToolbar({ editor, actions, controls }: { editor: Editor; actions: ToolbarActions; controls: string }) {
  // Re-render only when one of these changes, not on every keystroke.
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      bulletList: e.isActive('bulletList'),
      orderedList: e.isActive('orderedList'),
      link: e.isActive('link'),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });
  const chain = () => editor.chain().focus();
  const t = useMessages(editorText);

  const tools: Tool[] = [
    { key: 'h2', label: t.heading2, shortcut: 'Ctrl+Alt+2', icon: text('H2', 'font-bold'), pressed: state.h2, run: () => chain().toggleHeading({ level: 2 }).run() },
    { key: 'h3', label: t.heading3, shortcut: 'Ctrl+Alt+3', icon: text('H3', 'font-bold'), pressed: state.h3, run: () => chain().toggleHeading({ level: 3 }).run() },
    { key: 'bold', label: t.bold, shortcut: 'Ctrl+B', icon: text('B', 'font-extrabold'), pressed: state.bold, run: () => chain().toggleBold().run(), group: true },
    { key: 'italic', label: t.italic, shortcut: 'Ctrl+I', icon: text('I', 'font-serif italic text-base'), pressed: state.italic, run: () => chain().toggleItalic().run() },
    { key: 'bullet', label: t.bulletList, shortcut: 'Ctrl+Shift+8', icon: ICONS.bulletList, pressed: state.bulletList, run: () => chain().toggleBulletList().run(), group: true },
    { key: 'ordered', label: t.numberedList, shortcut: 'Ctrl+Shift+7', icon: ICONS.orderedList, pressed: state.orderedList, run: () => chain().toggleOrderedList().run() },
    { key: 'link', label: t.link, icon: ICONS.link, pressed: state.link, run: actions.onLink, group: true },
    { key: 'image', label: t.image, icon: ICONS.image, run: actions.onImage, busy: actions.imageBusy, disabled: actions.imageBusy },
    { key: 'undo', label: t.undo, shortcut: 'Ctrl+Z', icon: ICONS.undo, run: () => chain().undo().run(), disabled: !state.canUndo, group: true },
    { key: 'redo', label: t.redo, shortcut: 'Ctrl+Shift+Z', icon: ICONS.redo, run: () => chain().redo().run(), disabled: !state.canRedo },
  ];

  // Roving tabindex: the toolbar is one Tab stop; the last used button keeps it.
  const [active, setActive] = useState(0);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const focusAt = (index: number) => {
    const i = (index + tools.length) % tools.length;
    setActive(i);
    buttons.current[i]?.focus();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const moves: Record<string, number> = { ArrowRight: active + 1, ArrowLeft: active - 1, Home: 0, End: tools.length - 1 };
    if (!(event.key in moves)) return;
    event.preventDefault();
    focusAt(moves[event.key]!);
  };

  return (
    <div
      role="toolbar"
      aria-label={t.formatting}
      aria-controls={controls}
      onKeyDown={onKeyDown}
      className="flex flex-wrap items-center gap-1 border-b border-base-content/20 bg-base-200 p-1.5"
    >
      {tools.map((tool, i) => (
        <span key={tool.key} className="contents">
          {tool.group && <span className="mx-1 h-6 w-px bg-base-content/20" aria-hidden="true" />}
          <button
            ref={(el) => {
              buttons.current[i] = el;
            }}
            type="button"
            tabIndex={i === active ? 0 : -1}
            aria-label={tool.label}
            aria-pressed={tool.pressed}
            // Disabled buttons stay focusable so arrow keys do not skip over them unannounced.
            aria-disabled={tool.disabled || undefined}
            aria-busy={tool.busy || undefined}
            title={tool.shortcut ? t.withShortcut({ label: tool.label, shortcut: tool.shortcut }) : tool.label}
            className={`btn btn-sm btn-square ${tool.pressed ? 'btn-neutral' : 'btn-ghost'} ${tool.disabled ? 'opacity-50' : ''}`}
            onFocus={() => setActive(i)}
            onClick={() => {
              if (!tool.disabled) tool.run();
            }}
          >
            {tool.busy ? <span className="loading loading-spinner loading-xs" aria-hidden="true" /> : tool.icon}
          </button>
        </span>
      ))}
    </div>
  );
}
