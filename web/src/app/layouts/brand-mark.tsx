import { Group, Text } from "@mantine/core";
import { logoSrc, useBrand } from "@/shared/setting/brand";

/** The application's logo and name from the site settings, as the frames and the sign-in pages show them. */
export function BrandMark({ caption }: { caption?: string }) {
  const brand = useBrand();
  const logo = logoSrc(brand);
  return (
    <Group gap="xs" wrap="nowrap" miw={0}>
      {logo ? <img src={logo} alt="" height={28} style={{ maxWidth: 96, objectFit: "contain" }} /> : null}
      <div style={{ minWidth: 0 }}>
        <Text fw={700} size="lg" c="var(--mantine-color-anchor)" lh={1.2}>
          {brand.applicationName}
        </Text>
        {caption ? (
          <Text size="xs" c="dimmed">
            {caption}
          </Text>
        ) : null}
      </div>
    </Group>
  );
}
