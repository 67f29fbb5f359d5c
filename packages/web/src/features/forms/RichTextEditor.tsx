// Long-text items (type 2): bold, italic, alignment and undo/redo only. Its own lazy chunk.
import { Group, Paper, UnstyledButton } from "@mantine/core";
import TextAlign from "@tiptap/extension-text-align";
import { EditorContent, useEditor, useEditorState } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { useEffect } from "react";
import { richTextIsEmpty } from "./form-model";

export interface RichTextProps {
  id: string;
  /** The item's title, naming the formatting toolbar. */
  label: string;
  labelId: string;
  describedBy?: string;
  value: string;
  required?: boolean;
  disabled?: boolean;
  onChange: (html: string) => void;
}

function ToolButton({
  label,
  active,
  disabled,
  onClick,
  children,
}: {
  label: string;
  active?: boolean;
  disabled?: boolean;
  onClick: () => void;
  children: React.ReactNode;
}) {
  return (
    <UnstyledButton
      type="button"
      aria-label={label}
      title={label}
      aria-pressed={active === undefined ? undefined : active}
      disabled={disabled}
      onMouseDown={(e) => e.preventDefault()}
      onClick={onClick}
      className="rte-button"
      data-active={active || undefined}
    >
      {children}
    </UnstyledButton>
  );
}

export default function RichTextEditor({
  id,
  label,
  labelId,
  describedBy,
  value,
  required,
  disabled,
  onChange,
}: RichTextProps) {
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        blockquote: false,
        bulletList: false,
        code: false,
        codeBlock: false,
        heading: false,
        horizontalRule: false,
        listItem: false,
        listKeymap: false,
        link: false,
        orderedList: false,
        strike: false,
        underline: false,
        dropcursor: false,
      }),
      TextAlign.configure({ types: ["paragraph"] }),
    ],
    content: value || "",
    editable: !disabled,
    editorProps: {
      attributes: {
        id,
        role: "textbox",
        "aria-multiline": "true",
        "aria-labelledby": labelId,
        ...(describedBy ? { "aria-describedby": describedBy } : {}),
        ...(required ? { "aria-required": "true" } : {}),
        class: "rte-content",
      },
    },
    onUpdate: ({ editor: e }) => {
      const html = e.getHTML();
      onChange(richTextIsEmpty(html) ? "" : html);
    },
  });

  // Values set from outside (a reload) replace the content; typing does not loop back.
  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    const current = editor.getHTML();
    if ((value || "") !== (richTextIsEmpty(current) ? "" : current)) {
      editor.commands.setContent(value || "", { emitUpdate: false });
    }
  }, [editor, value]);

  useEffect(() => {
    if (editor && !editor.isDestroyed) editor.setEditable(!disabled);
  }, [editor, disabled]);

  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e?.isActive("bold") ?? false,
      italic: e?.isActive("italic") ?? false,
      left: e?.isActive({ textAlign: "left" }) ?? false,
      center: e?.isActive({ textAlign: "center" }) ?? false,
      right: e?.isActive({ textAlign: "right" }) ?? false,
      canUndo: e?.can().undo() ?? false,
      canRedo: e?.can().redo() ?? false,
    }),
  });

  const chain = () => editor?.chain().focus();
  return (
    <Paper withBorder radius="sm" className="rte" data-disabled={disabled || undefined}>
      {!disabled && (
        <Group gap={2} p={4} role="toolbar" aria-label={`Formatting for ${label}`} className="rte-toolbar">
          <ToolButton label="Bold" active={state?.bold} onClick={() => chain()?.toggleBold().run()}>
            <b>B</b>
          </ToolButton>
          <ToolButton label="Italic" active={state?.italic} onClick={() => chain()?.toggleItalic().run()}>
            <i>I</i>
          </ToolButton>
          <ToolButton
            label="Align left"
            active={state?.left}
            onClick={() => chain()?.setTextAlign("left").run()}
          >
            <AlignIcon kind="left" />
          </ToolButton>
          <ToolButton
            label="Centre"
            active={state?.center}
            onClick={() => chain()?.setTextAlign("center").run()}
          >
            <AlignIcon kind="center" />
          </ToolButton>
          <ToolButton
            label="Align right"
            active={state?.right}
            onClick={() => chain()?.setTextAlign("right").run()}
          >
            <AlignIcon kind="right" />
          </ToolButton>
          <ToolButton label="Undo" disabled={!state?.canUndo} onClick={() => chain()?.undo().run()}>
            <span aria-hidden="true">↶</span>
          </ToolButton>
          <ToolButton label="Redo" disabled={!state?.canRedo} onClick={() => chain()?.redo().run()}>
            <span aria-hidden="true">↷</span>
          </ToolButton>
        </Group>
      )}
      <EditorContent editor={editor} />
    </Paper>
  );
}

function AlignIcon({ kind }: { kind: "left" | "center" | "right" }) {
  const x = (w: number) => (kind === "left" ? 2 : kind === "right" ? 16 - w : (18 - w) / 2);
  return (
    <svg width="18" height="14" viewBox="0 0 18 14" aria-hidden="true" focusable="false">
      {[
        { y: 1, w: 14 },
        { y: 4.3, w: 9 },
        { y: 7.6, w: 14 },
        { y: 10.9, w: 9 },
      ].map(({ y, w }) => (
        <rect key={y} x={x(w)} y={y} width={w} height="1.8" fill="currentColor" />
      ))}
    </svg>
  );
}
