import { adminLoginSchema, codeNotSentSchema } from "@pli/api/public-contract";
import { Button, Paper, PasswordInput, Stack, TextInput, Title } from "@mantine/core";
import { useNavigate } from "react-router-dom";
import { HttpError } from "@/shared/api/http";
import { settle } from "@/shared/api/settle";
import { routes } from "@/shared/config/routes";
import { useSchemaForm } from "@/shared/forms/use-schema-form";
import { useSession } from "@/shared/session/session-provider";
import type { RegisterDetail } from "@/shared/session/token-store";
import { TOAST_TIMEOUT, useToast } from "@/shared/ui/toast";
import { useAdminLogin } from "../api/admin-login";

export function AdminLoginPage() {
  const login = useAdminLogin();
  const { form, fail, onInvalid, errorOf } = useSchemaForm(adminLoginSchema, { email: "", password: "" });
  const { holdRegisterDetail } = useSession();
  const navigate = useNavigate();
  const toast = useToast();
  const toSecondStep = (registerDetail: RegisterDetail) => {
    holdRegisterDetail(registerDetail);
    navigate(routes.adminVerifyOtp.href());
  };
  /** The password was right but the code was not mailed: the next step, where the admin asks for it again. */
  const codeNotSent = (error: Error) => {
    const answer = error instanceof HttpError ? codeNotSentSchema.safeParse(error.body) : undefined;
    if (!answer?.success) return false;
    toast.error(answer.data.error, TOAST_TIMEOUT.medium);
    toSecondStep(answer.data.registerDetail);
    return true;
  };
  const submit = form.handleSubmit(
    (input) =>
      void settle(login, input, {
        onSuccess: ({ registerDetail }) => toSecondStep(registerDetail),
        onError: (error) => {
          if (!codeNotSent(error)) fail(error);
        },
      }),
    onInvalid,
  );
  return (
    <Paper withBorder radius="md" p={{ base: "lg", sm: "xl" }} shadow="sm">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Title order={1}>{routes.adminLogin.title}</Title>
          <TextInput
            label="Email"
            type="email"
            autoComplete="username"
            {...form.register("email")}
            error={errorOf("email")}
            errorProps={{ role: "alert" }}
          />
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            {...form.register("password")}
            error={errorOf("password")}
            errorProps={{ role: "alert" }}
          />
          <Button type="submit" loading={login.isPending} fullWidth>
            Sign in
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
