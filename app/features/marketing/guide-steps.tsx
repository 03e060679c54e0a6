import { List, Text, Timeline, Title } from '@mantine/core';
import type { GuideStep } from './content/how-it-works.ts';

/** Numbered steps down a line: easy to follow on a phone, one idea per step. */
export function GuideSteps({ steps, label }: { steps: GuideStep[]; label: string }) {
  return (
    <Timeline bulletSize={40} lineWidth={2} active={steps.length} aria-label={label}>
      {steps.map((step, index) => (
        <Timeline.Item
          key={step.title}
          bullet={<step.icon size={20} aria-hidden="true" />}
          title={
            <Title order={3} fz="xl" pt={6}>
              <Text span c="dimmed" fw={700} inherit>
                {index + 1}.{' '}
              </Text>
              {step.title}
            </Title>
          }
          pb="md"
        >
          <Text lh={1.6} mt={4}>
            {step.text}
          </Text>
          <List size="sm" spacing={4} mt="xs" c="dimmed">
            {step.points.map((point) => (
              <List.Item key={point}>{point}</List.Item>
            ))}
          </List>
        </Timeline.Item>
      ))}
    </Timeline>
  );
}
