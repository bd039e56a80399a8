import { API, IMAGE_ACCEPT, MESSAGES } from "@pli/api/public-contract";
import { Image, Input, Stack } from "@mantine/core";
import { useState, type ChangeEvent } from "react";
import { fieldErrorMessage } from "@/shared/api/http";
import { settle } from "@/shared/api/settle";
import { useToast } from "@/shared/ui/toast";
import { useUploadLogo } from "../api/upload-logo";

interface LogoUploadProps {
  value: string | undefined;
  error?: string;
  onUploaded: (file: string) => void;
}

/** The site logo: uploaded as soon as it is chosen (.png, .jpg, .jpeg), with the current one shown. */
export function LogoUpload({ value, error, onUploaded }: LogoUploadProps) {
  const upload = useUploadLogo();
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
    <Input.Wrapper label="Logo (.png, .jpg, .jpeg)" labelElement="label" id="setting-logo" error={error ?? refusal}>
      <Stack gap="xs">
        <Input component="input" type="file" id="setting-logo" accept={IMAGE_ACCEPT} onChange={onChange} disabled={upload.isPending} />
        {value ? <Image src={`${API.staticFiles}/${value}`} alt="Current logo" h={64} w="auto" fit="contain" /> : null}
      </Stack>
    </Input.Wrapper>
  );
}
