import { Avatar, Button, FileButton, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { IconPhotoUp, IconTrash } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useRevalidator } from 'react-router';
import { IMAGE_MAX_BYTES } from '../../../common/constants.ts';
import {
  IMAGE_SIZE_MESSAGE,
  IMAGE_TYPE_MESSAGE,
  PICTURE_MIME_TYPES,
} from '../../../common/schemas/profile.ts';
import { toast } from '../../ui/toasts.tsx';
import { ApiError, removeProfilePicture, uploadProfilePicture } from './api.ts';

type Props = { name: string; initials: string; url: string | null; srcset: string | null };

/** Spec §3 profile_picture_url: pick a photo, see it at once, watch it upload, or remove it. */
export function ProfilePhoto({ name, initials, url, srcset }: Props) {
  const revalidator = useRevalidator();
  const resetRef = useRef<() => void>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [removing, setRemoving] = useState(false);

  useEffect(() => {
    return () => {
      if (preview) URL.revokeObjectURL(preview);
    };
  }, [preview]);

  async function upload(file: File | null) {
    resetRef.current?.();
    if (!file) return;
    setError(null);
    if (!(PICTURE_MIME_TYPES as readonly string[]).includes(file.type)) return setError(IMAGE_TYPE_MESSAGE);
    if (file.size > IMAGE_MAX_BYTES) return setError(IMAGE_SIZE_MESSAGE);
    setPreview(URL.createObjectURL(file));
    setProgress(0);
    try {
      await uploadProfilePicture(file, setProgress);
      await revalidator.revalidate();
      toast.success({ title: 'Photo saved', message: 'Your new profile photo is live.' });
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : 'The upload failed. Please try again.');
    } finally {
      setProgress(null);
      setPreview(null);
    }
  }

  async function remove() {
    setRemoving(true);
    setError(null);
    try {
      await removeProfilePicture();
      await revalidator.revalidate();
      toast.success({ title: 'Photo removed', message: 'Your profile now shows your initials.' });
    } catch (caught) {
      setError(
        caught instanceof ApiError ? caught.message : 'We could not remove the photo. Please try again.',
      );
    } finally {
      setRemoving(false);
    }
  }

  const uploading = progress !== null;
  return (
    <Paper withBorder p="lg" radius="lg" component="section" aria-labelledby="photo-title">
      <Group align="center" gap="lg" wrap="wrap">
        <Avatar
          src={preview ?? url}
          imageProps={preview || !srcset ? {} : { srcSet: srcset }}
          alt={preview ? 'Preview of your new photo' : `${name}'s profile photo`}
          size={112}
          radius={112}
          color="teal"
          data-testid="profile-photo"
        >
          {initials}
        </Avatar>
        <Stack gap="xs" style={{ flex: 1, minWidth: 220 }}>
          <Title order={2} fz="h4" id="photo-title">
            Profile photo
          </Title>
          <Text size="sm" c="dimmed">
            A clear photo of your face helps hosts and guests recognise you. JPEG, PNG or WebP, up to{' '}
            {IMAGE_MAX_BYTES / 1024 / 1024} MB.
          </Text>
          {uploading && (
            <Stack gap={4}>
              <Progress value={Math.round(progress * 100)} animated aria-label="Upload progress" />
              <Text size="xs" c="dimmed" aria-live="polite">
                Uploading… {Math.round(progress * 100)}%
              </Text>
            </Stack>
          )}
          {error && (
            <Text size="sm" c="red" role="alert">
              {error}
            </Text>
          )}
          <Group gap="sm">
            <FileButton resetRef={resetRef} onChange={upload} accept={PICTURE_MIME_TYPES.join(',')}>
              {(props) => (
                <Button {...props} leftSection={<IconPhotoUp size={18} />} loading={uploading}>
                  {url ? 'Change photo' : 'Upload photo'}
                </Button>
              )}
            </FileButton>
            {url && (
              <Button
                variant="default"
                leftSection={<IconTrash size={18} />}
                onClick={remove}
                loading={removing}
                disabled={uploading}
              >
                Remove photo
              </Button>
            )}
          </Group>
        </Stack>
      </Group>
    </Paper>
  );
}
