import "react";

/**
 * HTML's invoker commands (`<button commandfor="id" command="show-modal">`): a button opens or
 * closes a dialog without JavaScript. React passes the attributes through; its types do not list
 * them yet.
 */
declare module "react" {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- merging needs React's own type parameter
  interface ButtonHTMLAttributes<T> {
    commandfor?: string;
    command?: "show-modal" | "close" | "request-close" | "show-popover" | "hide-popover" | "toggle-popover";
  }
}
