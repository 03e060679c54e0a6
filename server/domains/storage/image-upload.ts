import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { IMAGE_MAX_BYTES } from '../../../common/constants.ts';
import { IMAGE_SIZE_MESSAGE } from '../../../common/schemas/profile.ts';
import { AppError } from '../../http/errors.ts';

/** Room for the multipart envelope (boundaries, part headers) around a file at the size limit. */
const ENVELOPE_BYTES = 64 * 1024;

/**
 * Lets the routes of one plugin scope take a single image as multipart/form-data. Register it
 * inside the scope that needs it, so no other route starts accepting multipart bodies.
 */
export async function registerImageUploads(scope: FastifyInstance): Promise<void> {
  await scope.register(fastifyMultipart, {
    limits: { fileSize: IMAGE_MAX_BYTES, files: 1, fields: 0, parts: 2, headerPairs: 20 },
  });
}

/**
 * Reads the one file of a multipart request into memory (at most IMAGE_MAX_BYTES). Anything else
 * is refused with a message saying what to send instead.
 */
export async function readImageUpload(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) {
    throw new AppError(
      'unsupported_media_type',
      'Send the image as multipart/form-data, in a field named "file".',
    );
  }
  // A declared length far over the limit is refused before a single byte is read.
  const declared = Number(request.headers['content-length'] ?? 0);
  if (declared > IMAGE_MAX_BYTES + ENVELOPE_BYTES)
    throw new AppError('payload_too_large', IMAGE_SIZE_MESSAGE);
  try {
    // Read the form to its end, so a cut-short request fails here instead of passing a partial file.
    let data: Buffer | null = null;
    for await (const part of request.parts()) {
      if (part.type !== 'file' || part.fieldname !== 'file') {
        throw new AppError('validation_error', 'Send one image, in a field named "file".', [
          { field: 'file', message: 'Choose an image to upload.' },
        ]);
      }
      data = await part.toBuffer();
    }
    if (!data) {
      throw new AppError('validation_error', 'Choose an image to upload.', [
        { field: 'file', message: 'Choose an image to upload.' },
      ]);
    }
    return data;
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('payload_too_large', IMAGE_SIZE_MESSAGE);
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw new AppError('validation_error', 'Send one image, in a field named "file", and nothing else.', [
        { field: 'file', message: 'Send exactly one image.' },
      ]);
    }
    // Anything else that goes wrong while reading the body (no boundary, a truncated or malformed
    // form) is the request's fault, not ours.
    throw new AppError('validation_error', 'The upload could not be read. Please try again.', [
      { field: 'file', message: 'The upload was incomplete or malformed.' },
    ]);
  }
}
