import { Button, Paper, PasswordInput, Stack, TextInput, Title } from "@mantine/core";
import { useNavigate } from "react-router-dom";
import { HttpError } from "@/shared/api/http";
import { settle } from "@/shared/api/settle";
import { routes } from "@/shared/config/routes";
import { useLightForm } from "@/shared/forms/use-light-form";
import { useSession } from "@/shared/session/session-provider";
import type { RegisterDetail } from "@/shared/session/token-store";
import { TOAST_TIMEOUT, useToast } from "@/shared/ui/toast";
import { useAdminLogin } from "../api/admin-login";

/** The contract's schemas, loaded with the first check: the sign-in page itself carries no zod. */
const contract = () => import("@pli/api/public-contract");
const loginSchema = () => contract().then((m) => m.adminLoginSchema);
const FIELDS = ["email", "password"] as const;

export function AdminLoginPage() {
  const login = useAdminLogin();
  const { field, handleSubmit, fail } = useLightForm(loginSchema, FIELDS);
  const { holdRegisterDetail } = useSession();
  const navigate = useNavigate();
  const toast = useToast();
  const toSecondStep = (registerDetail: RegisterDetail) => {
    holdRegisterDetail(registerDetail);
    navigate(routes.adminVerifyOtp.href());
  };
  /** The password was right but the code was not mailed: the next step, where the admin asks for it again. */
  const codeNotSent = async (error: Error) => {
    if (!(error instanceof HttpError)) return false;
    const answer = (await contract()).codeNotSentSchema.safeParse(error.body);
    if (!answer.success) return false;
    toast.error(answer.data.error, TOAST_TIMEOUT.medium);
    toSecondStep(answer.data.registerDetail);
    return true;
  };
  const submit = handleSubmit(
    (input) =>
      void settle(login, input, {
        onSuccess: ({ registerDetail }) => toSecondStep(registerDetail),
        onError: (error) => {
          void codeNotSent(error).then((handled) => {
            if (!handled) fail(error);
          });
        },
      }),
  );
  return (
    <Paper withBorder radius="md" p={{ base: "lg", sm: "xl" }} shadow="sm">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Title order={1}>{routes.adminLogin.title}</Title>
          <TextInput label="Email" type="email" autoComplete="username" {...field("email")} />
          <PasswordInput label="Password" autoComplete="current-password" {...field("password")} />
          <Button type="submit" loading={login.isPending} fullWidth>
            Sign in
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
