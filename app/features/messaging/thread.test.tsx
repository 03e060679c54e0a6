import { MantineProvider } from '@mantine/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { ConversationPage } from '../../../common/schemas/messages.ts';
import { theme } from '../../ui/theme.ts';
import { DEMO_GUEST_ID, demoConversation } from './demo-conversation.ts';
import { ConversationThread } from './thread.tsx';

async function render(element: React.ReactElement): Promise<string> {
  const handler = createStaticHandler([{ id: 'page', path: '/page', Component: () => element }]);
  const context = await handler.query(new Request('http://localhost/page'));
  if (context instanceof Response) throw new Error('unexpected redirect');
  return renderToStaticMarkup(
    <MantineProvider theme={theme}>
      <StaticRouterProvider
        router={createStaticRouter(handler.dataRoutes, context)}
        context={context}
        hydrate={false}
      />
    </MantineProvider>,
  );
}

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

function withConversation(
  change: Partial<ConversationPage['conversation']>,
  page: Partial<ConversationPage> = {},
) {
  return { ...demoConversation, ...page, conversation: { ...demoConversation.conversation, ...change } };
}

const hostile = {
  ...demoConversation.messages[0]!,
  id: '00000000-0000-4000-8000-0000000000aa',
  content: '<img src=x onerror="alert(1)"> <b>bold</b> https://privy.test/help',
};

describe('a conversation thread', () => {
  it('shows markup in a message as text and makes only its link clickable', async () => {
    const html = await render(
      <ConversationThread
        page={withConversation({ canSend: true }, { messages: [hostile] })}
        viewerId={DEMO_GUEST_ID}
        live
      />,
    );
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<b>');
    expect(html).toContain('&lt;img src=x onerror=&quot;alert(1)&quot;&gt; &lt;b&gt;bold&lt;/b&gt;');
    expect(html).toMatch(
      /<a [^>]*href="https:\/\/privy\.test\/help"[^>]*rel="noopener noreferrer nofollow ugc"/,
    );
  });

  it('puts a day separator before each day and Seen under the last own message read', async () => {
    const html = await render(
      <ConversationThread page={demoConversation} viewerId={DEMO_GUEST_ID} live={false} />,
    );
    expect(html.match(/data-testid="day-separator"/g)).toHaveLength(2);
    expect(text(html)).toContain('Fri, Oct 16');
    expect(html.match(/data-testid="seen"/g)).toHaveLength(1);
    // Seen follows the last message, Gina's thank-you, which Paula read.
    expect(html.lastIndexOf('data-testid="seen"')).toBeGreaterThan(html.indexOf('Spotless bathroom'));
  });

  it('offers the composer while the conversation is open, with the other party’s name', async () => {
    const html = await render(
      <ConversationThread page={withConversation({ canSend: true })} viewerId={DEMO_GUEST_ID} />,
    );
    expect(html).toContain('data-testid="composer"');
    expect(html).toContain('placeholder="Message Paula"');
  });

  it('replaces the composer with the reason when the conversation is closed', async () => {
    const reason = 'This booking ended more than 7 days ago: the conversation is read-only.';
    const html = await render(
      <ConversationThread
        page={withConversation({ canSend: false, closedReason: reason })}
        viewerId={DEMO_GUEST_ID}
      />,
    );
    expect(html).not.toContain('data-testid="composer"');
    expect(text(html)).toContain(reason);
  });

  it('is read-only for an admin, even where the parties could still send', async () => {
    const html = await render(
      <ConversationThread page={withConversation({ role: 'admin', canSend: true })} viewerId="admin-1" />,
    );
    expect(html).not.toContain('data-testid="composer"');
    expect(text(html)).toContain('as an admin: it is read-only');
  });
});
