/**
 * The host in a child process, for the crash test: `node chat-crash-child.ts <dataDir> <baseUrl>` starts the host,
 * sends one message and prints every chat.stream event as a JSON line, until it is killed.
 */
import { createHost } from '../../electron/host/createHost.ts';
import { testEnv, testModel, value } from './chat-harness.ts';

const [dataDir, baseUrl] = process.argv.slice(2);
if (!dataDir || !baseUrl) throw new Error('usage: chat-crash-child.ts <dataDir> <baseUrl>');
const host = await createHost(testEnv(dataDir));
await host.start();
value(await host.api['settings.update']({ apiBaseUrl: baseUrl, model: testModel }));
value(await host.api['settings.setApiKey']({ apiKey: 'sk-test' }));
host.events.subscribe((event, payload) => {
  if (event === 'chat.stream') process.stdout.write(`${JSON.stringify(payload)}\n`);
});
const chat = value(await host.api['chats.create']({}));
value(await host.api['chat.send']({ chatId: chat.id, text: 'Tell me a long story.' }));
// Stay alive until killed.
setInterval(() => {}, 60_000);
