import { getInputProps, getTextareaProps, type FieldMetadata } from "@conform-to/react";
import { useState, type ReactNode } from "react";
import { Field, TextareaField } from "~/components/ui/field";
import { countWords } from "~/features/entries/word-count";
import { EntryFileInput, WordCounter } from "./entry-form-parts";

/**
 * The story itself, in the writer's entry form and a class entry's: its title, its text with the
 * live word count against the contest's range, and the document that may stand in for the text
 * (whose own count is then the only one shown). `whose` is "your" for the writer, "the" for an
 * educator; `count` lets the writer's form feed in a story restored from a draft.
 */
export function StoryFields({
  fields,
  range,
  whose,
  beforeText,
  count: countFrom,
}: {
  fields: Record<string, FieldMetadata<unknown>>;
  range: { min: number; max: number };
  whose: "your" | "the";
  beforeText?: ReactNode;
  /** The count of a story put into the form by other means (a restored draft), if any. */
  count?: { value: number | null; set: (value: number | null) => void };
}) {
  const own = useState<number | null>(null);
  const [liveCount, setLiveCount] = countFrom ? [countFrom.value, countFrom.set] : own;
  const [fileChosen, setFileChosen] = useState(false);
  const initialBody =
    typeof fields.body!.initialValue === "string" ? fields.body!.initialValue : "";
  const count = liveCount ?? countWords(initialBody);
  return (
    <>
      <Field
        label="Story title"
        errors={fields.title!.errors}
        {...getInputProps(fields.title!, { type: "text" })}
        required
      />
      <div>
        {beforeText}
        <TextareaField
          label="Story text"
          hint={`Type or paste ${whose} story, or upload a file below.`}
          rows={16}
          errors={fields.body!.errors}
          {...getTextareaProps(fields.body!)}
          onChange={(e) => setLiveCount(countWords(e.currentTarget.value))}
        />
        {/* With a document chosen, only the document's count is shown (beside the file). */}
        {fileChosen ? null : <WordCounter count={count} min={range.min} max={range.max} />}
      </div>
      <EntryFileInput
        label={`Or upload ${whose} story`}
        errors={fields.file?.errors}
        range={range}
        onChosen={setFileChosen}
      />
    </>
  );
}
