import { Suspense, type ComponentType } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { onDemand, provideOnDemandComponents } from "./on-demand";

function Greeting({ name }: { name: string }) {
  return <p>Hola, {name}</p>;
}

function render(Component: ComponentType<{ name: string }>) {
  return renderToString(
    <Suspense fallback={<i>loading</i>}>
      <Component name="Ana" />
    </Suspense>,
  );
}

describe("onDemand", () => {
  it("loads the component's code when it first renders, keeping the fallback meanwhile", () => {
    const load = vi.fn(() => new Promise<typeof Greeting>(() => {}));
    const Lazy = onDemand("SiteFooter", load);
    expect(render(Lazy)).toContain("<i>loading</i>");
    expect(load).toHaveBeenCalledOnce();
  });

  it("renders a component the server provided at once, without loading anything", () => {
    const load = vi.fn(() => Promise.resolve(Greeting));
    const Provided = onDemand("StoryblokBridge", load);
    provideOnDemandComponents({
      SiteFooter: Greeting,
      HeaderPanels: Greeting,
      ErrorPage: Greeting,
      LoadingBar: Greeting,
      StoryblokBridge: Greeting,
    });
    expect(render(Provided)).toBe("<!--$--><p>Hola, <!-- -->Ana</p><!--/$-->");
    expect(load).not.toHaveBeenCalled();
  });
});
