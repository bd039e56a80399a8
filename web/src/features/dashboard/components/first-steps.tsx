import type { FirstSteps as Steps } from "@pli/api/public-contract";
import { Button, Stepper, useMatches } from "@mantine/core";
import { Link } from "react-router-dom";
import { routes } from "@/shared/config/routes";
import { Section } from "@/shared/ui/section";
import { currentFirstStep } from "../dashboard-display";
import { dashboardMessages } from "../messages";

/** Where the current step leads: adding a node, or My Nodes where its status, request and staking are. */
function StepAction({ step }: { step: number }) {
  return step === 0 ? (
    <Button component={Link} to={routes.addNode.href()} size="sm">
      {dashboardMessages.steps[0].label}
    </Button>
  ) : (
    <Button component={Link} to={routes.listNode.href()} size="sm" variant="default">
      My Nodes
    </Button>
  );
}

/**
 * The path from a new account to a first stake (add a node, wait for approval, request to stake, stake), marked at
 * the operator's step from their own records; gone once they have staked.
 */
export function FirstStepsPath({ steps }: { steps: Steps }) {
  const orientation = useMatches({ base: "vertical", xl: "horizontal" } as const);
  const active = currentFirstStep(steps);
  if (active === null) return null;
  return (
    <Section
      title={dashboardMessages.firstStepsTitle}
      description={dashboardMessages.firstStepsDescription}
      actions={<StepAction step={active} />}
    >
      <Stepper active={active} orientation={orientation} size="sm" allowNextStepsSelect={false}>
        {dashboardMessages.steps.map((step, i) => (
          <Stepper.Step
            key={step.label}
            label={step.label}
            description={i === 2 && steps.stakeRequested ? dashboardMessages.requestWaiting : step.description}
            aria-current={i === active ? "step" : undefined}
          />
        ))}
      </Stepper>
    </Section>
  );
}
