import { Avatar } from '@mantine/core';

/** The other party's photo, or their initial when they have none. */
export function PersonAvatar({
  person,
  size = 44,
}: {
  person: { firstName: string; avatarUrl: string | null };
  size?: number;
}) {
  return (
    <Avatar
      src={person.avatarUrl}
      alt={person.avatarUrl ? person.firstName : undefined}
      size={size}
      radius="xl"
      color="teal"
    >
      {person.firstName.slice(0, 1).toUpperCase()}
    </Avatar>
  );
}
