import { fileTypeFromBuffer } from 'file-type';
import { imageSize } from 'image-size';
import type { FloorBackgroundImage } from '../../events/floorPlan/events';

/** The image kinds a plan takes, by what file-type reads in the bytes. */
const ACCEPTED = {
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
} as const satisfies Record<string, FloorBackgroundImage['content_type']>;

export type BackgroundImageCheck =
  | { ok: true; image: FloorBackgroundImage }
  /** `refused`: not a PNG, JPEG or WebP (an SVG, a GIF, a PDF, text); `unreadable`: one whose size cannot be read. */
  | { ok: false; reason: 'refused' | 'unreadable' };

/**
 * What a background upload is, from its bytes alone (never its name or the type the browser
 * claimed): a PNG, JPEG or WebP, and its size in pixels from its header. SVG is refused: it is
 * text that may carry scripts, and it has no fixed size.
 */
export async function backgroundImage(file: { bytes: Buffer; sha256: string }): Promise<BackgroundImageCheck> {
  const found = await fileTypeFromBuffer(file.bytes);
  const contentType = found && (ACCEPTED as Record<string, FloorBackgroundImage['content_type']>)[found.ext];
  if (!contentType) return { ok: false, reason: 'refused' };
  let size: { width?: number; height?: number; orientation?: number };
  try {
    size = imageSize(file.bytes);
  } catch {
    return { ok: false, reason: 'unreadable' };
  }
  if (!size.width || !size.height) return { ok: false, reason: 'unreadable' };
  // A JPEG turned by its EXIF orientation (5 to 8) shows its width as its height.
  const turned = (size.orientation ?? 1) >= 5;
  return {
    ok: true,
    image: {
      content_type: contentType,
      size: file.bytes.length,
      sha256: file.sha256,
      width: turned ? size.height : size.width,
      height: turned ? size.width : size.height,
    },
  };
}
