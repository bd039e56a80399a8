import { LIMITS } from "@pli/api/public-contract";
import { TextInput, type TextInputProps } from "@mantine/core";
import type { Ref } from "react";
import { CODE_INPUT_STYLES } from "../theme/theme";

/** A one-time code field (authenticator app or emailed): digits, monospace, the code's length. */
export function CodeInput({ ref, ...props }: TextInputProps & { ref?: Ref<HTMLInputElement> }) {
  return (
    <TextInput
      ref={ref}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={LIMITS.otpLength}
      styles={CODE_INPUT_STYLES}
      errorProps={{ role: "alert" }}
      {...props}
    />
  );
}
