/**
 * Bootstrap: load the route table, then render the app built from it. Everything
 * else (screens, shell, menus) comes from descriptors.
 */
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { createQueryClient } from "./api/query-client.ts";
import { App } from "./routing/app.tsx";
import { BootFailure } from "./routing/boot-failure.tsx";
import { BootSplash } from "./routing/boot-splash.tsx";
import { routesQuery } from "./routing/descriptor-queries.ts";

const queryClient = createQueryClient();
const root = createRoot(document.getElementById("root")!);

async function start(): Promise<void> {
  root.render(<BootSplash />);
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
