import { Badge } from '@mantine/core';
import { IconFlask } from '@tabler/icons-react';

/** Every test-provider screen says so (PRODUCT.md: "labelled as a test mode everywhere it shows"). */
export function TestModeBadge() {
  return (
    <Badge
      color="orange"
      size="lg"
      variant="filled"
      leftSection={<IconFlask size={14} />}
      data-testid="test-mode-badge"
    >
      TEST MODE
    </Badge>
  );
}
