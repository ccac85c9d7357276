// The slow lanes' global tear-down (jest.config.ts): closes the Chromium that
// scripts/jest-chromium-setup.mjs started.
export default async function closeSharedChromium() {
  await globalThis.rxadkSharedChromium?.close();
  delete globalThis.rxadkSharedChromium;
}
