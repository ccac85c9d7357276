// express ships without types and @types/express is not installed: the scripted SDK server of the
// A2A interop tests only calls express(), app.use and app.listen.
declare module 'express' {
  import type { Server } from 'node:http';
  interface ExpressApp {
    use(path: string, handler: unknown): void;
    listen(port: number, host: string, ready: () => void): Server;
  }
  const express: () => ExpressApp;
  export default express;
}
