/**
 * An image chosen from a file (a logo): a preview, a file picker taking PNG and
 * JPEG, and Remove. The image is read in the browser and kept as a data URL, the
 * field's value (empty for none), so it is saved with the rest of its form.
 */
import { useState } from "react";

/** Props of an image input. */
export interface ImageInputProps {
  id: string;
  /** A data URL, or "" for none. */
  value: string;
  /** What the image is of, for its preview's text alternative. */
  label: string;
  /** The largest file accepted, in bytes. */
  maxBytes?: number;
  /** Said when the file is too large. */
  tooLarge?: string;
  describedBy?: string;
  invalid?: boolean;
  onChange(value: string): void;
}

const TYPES = ["image/png", "image/jpeg"];

/** Reads a file as a data URL. */
function dataUrlOf(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

/** The input. */
export function ImageInput(props: ImageInputProps) {
  const [problem, setProblem] = useState<string>();
  const shown = props.value.startsWith("data:image/") ? props.value : "";

  async function choose(file: File | undefined): Promise<void> {
    if (!file) return;
    setProblem(undefined);
    if (!TYPES.includes(file.type)) return setProblem("Choose a PNG or JPEG image");
    if (props.maxBytes !== undefined && file.size > props.maxBytes) {
      return setProblem(props.tooLarge ?? `At most ${Math.floor(props.maxBytes / 1024)} KB`);
    }
    try {
      props.onChange(await dataUrlOf(file));
    } catch {
      setProblem("The file could not be read");
    }
  }

  return (
    <div className="image-input">
      {shown
        ? <img className="image-input-preview" src={shown} alt={props.label} />
        : <p className="image-input-none">No image</p>}
      <input
        id={props.id}
        type="file"
        accept={TYPES.join(",")}
        aria-describedby={props.describedBy}
        aria-invalid={props.invalid || problem !== undefined || undefined}
        onChange={(event) => {
          void choose(event.target.files?.[0]);
          event.target.value = "";
        }}
      />
      {shown
        ? (
          <button
            type="button"
            className="button button-secondary button-small"
            onClick={() => props.onChange("")}
          >
            Remove image
          </button>
        )
        : null}
      {problem ? <p className="field-error" role="alert">{problem}</p> : null}
    </div>
  );
}
