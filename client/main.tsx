/**
 * Bootstrap: take the route table the page carries (or load it), put what the last
 * visit kept in the query cache and start the first screen's queries, then render
 * the app built from the route table (out of the page while the bootstrap's
 * snapshot of the last visit shows, first-paint.ts). Everything else (screens, shell, menus) comes from
 * descriptors.
 */
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { bootData, bootSnapshot } from "./api/boot-requests.ts";
import { createQueryClient } from "./api/query-client.ts";
import { App } from "./routing/app.tsx";
import { BootFailure } from "./routing/boot-failure.tsx";
import { BootSplash } from "./routing/boot-splash.tsx";
import { routesQuery } from "./routing/descriptor-queries.ts";
import { keepDescriptors, startFirstScreen } from "./routing/first-screen.ts";
import { keepSnapshots, replaceSnapshotWhenSettled } from "./routing/first-paint.ts";

const queryClient = createQueryClient();
const rootElement = document.getElementById("root")!;
const root = createRoot(rootElement);
keepDescriptors(queryClient);
keepSnapshots(rootElement);
startFirstScreen(queryClient, bootData()?.first);
replaceSnapshotWhenSettled(queryClient, rootElement, bootSnapshot());

async function start(): Promise<void> {
  if (queryClient.getQueryData(routesQuery.queryKey) === undefined) root.render(<BootSplash />);
  try {
    await queryClient.fetchQuery(routesQuery);
  } catch (error) {
    root.render(<BootFailure error={error} onRetry={start} />);
    return;
  }
  root.render(
    <StrictMode>
      <App queryClient={queryClient} />
    </StrictMode>,
  );
}

void start();
