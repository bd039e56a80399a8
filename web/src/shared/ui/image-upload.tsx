import { API, IMAGE_ACCEPT, MESSAGES } from "@pli/api/public-contract";
import { Image, Input, Stack, Text } from "@mantine/core";
import { useState, type ChangeEvent } from "react";
import { fieldErrorMessage } from "../api/http";
import { settle } from "../api/settle";
import { useUploadImage } from "../api/upload-image";
import { useToast } from "./toast";

interface ImageUploadProps {
  /** The file input's id, which ties the label to it. */
  id: string;
  label: string;
  /** The text alternative of the current image. */
  alt: string;
  /** The stored file name of the current image. */
  value: string | undefined;
  /** Shows the current image (or 'No image') without the file input. */
  disabled?: boolean;
  description?: string;
  error?: string;
  /** The toast of a successful upload: the spec says 'File  Uploaded Successfully' for the site logo. */
  successMessage?: string;
  onUploaded: (file: string) => void;
}

/**
 * An image uploaded as soon as it is chosen (.png, .jpg, .jpeg), with the current one shown; a refused file's reason
 * stays under the field.
 */
export function ImageUpload({
  id,
  label,
  alt,
  value,
  disabled = false,
  description,
  error,
  successMessage = MESSAGES.imageUploaded,
  onUploaded,
}: ImageUploadProps) {
  const upload = useUploadImage();
  const toast = useToast();
  const [refusal, setRefusal] = useState<string>();
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0];
    if (!file) return;
    setRefusal(undefined);
    void settle(upload, file, {
      onSuccess: (result) => {
        onUploaded(result.file);
        toast.success(successMessage);
      },
      onError: (failure) => {
        const message = fieldErrorMessage(failure, "file");
        setRefusal(message);
        toast.error(message);
      },
    });
  };
  return (
    <Input.Wrapper label={label} labelElement="label" id={id} description={description} error={error ?? refusal}>
      <Stack gap="xs">
        {disabled ? null : (
          <Input
            component="input"
            type="file"
            id={id}
            accept={IMAGE_ACCEPT}
            onChange={onChange}
            disabled={upload.isPending}
          />
        )}
        {value ? (
          <Image src={`${API.staticFiles}/${value}`} alt={alt} h={64} w="auto" fit="contain" />
        ) : disabled ? (
          <Text size="sm" c="dimmed">
            No image
          </Text>
        ) : null}
      </Stack>
    </Input.Wrapper>
  );
}
