import { API, IMAGE_ACCEPT, MESSAGES } from "@pli/api/public-contract";
import { Image, Input, Stack, Text } from "@mantine/core";
import { useState, type ChangeEvent } from "react";
import { fieldErrorMessage } from "@/shared/api/http";
import { settle } from "@/shared/api/settle";
import { useToast } from "@/shared/ui/toast";
import { useUploadNodeImage } from "../api/upload-node-image";

interface NodeImageUploadProps {
  value: string | undefined;
  disabled: boolean;
  description?: string;
  error?: string;
  onUploaded: (file: string) => void;
}

const INPUT_ID = "node-image";

/** The node's image: uploaded as soon as it is chosen (.png, .jpg, .jpeg), with the current one shown. */
export function NodeImageUpload({ value, disabled, description, error, onUploaded }: NodeImageUploadProps) {
  const upload = useUploadNodeImage();
  const toast = useToast();
  const [refusal, setRefusal] = useState<string>();
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0];
    if (!file) return;
    setRefusal(undefined);
    void settle(upload, file, {
      onSuccess: (result) => {
        onUploaded(result.file);
        toast.success(MESSAGES.imageUploaded);
      },
      onError: (failure) => {
        const message = fieldErrorMessage(failure, "file");
        setRefusal(message);
        toast.error(message);
      },
    });
  };
  return (
    <Input.Wrapper label="Node Image (.png, .jpg, .jpeg)" labelElement="label" id={INPUT_ID} description={description} error={error ?? refusal}>
      <Stack gap="xs">
        {disabled ? null : <Input component="input" type="file" id={INPUT_ID} accept={IMAGE_ACCEPT} onChange={onChange} disabled={upload.isPending} />}
        {value ? (
          <Image src={`${API.staticFiles}/${value}`} alt="Node image" h={64} w="auto" fit="contain" />
        ) : disabled ? (
          <Text size="sm" c="dimmed">
            No image
          </Text>
        ) : null}
      </Stack>
    </Input.Wrapper>
  );
}
