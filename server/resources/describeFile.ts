import type { ResourceDetailsData } from '../../events/resource/events';
import type { UploadResourceFields } from '@shared/schemas/resources';
import { storedFileName } from './fileName';
import { sniff } from './sniff';

/**
 * A document's details from its fields and its bytes (type, media type and saved name read from
 * the bytes); null when the bytes are of no accepted kind. Uploads and the sample documents both
 * come through here.
 */
export async function describeFile(
  file: { bytes: Buffer; sha256: string; fileName: string },
  fields: UploadResourceFields,
): Promise<ResourceDetailsData | null> {
  const kind = await sniff(file.bytes);
  if (!kind) return null;
  return {
    ...fields,
    type: kind.type,
    file_name: storedFileName(file.fileName, fields.name, kind),
    content_type: kind.contentType,
    size: file.bytes.length,
    sha256: file.sha256,
  };
}
