import { provideZonelessChangeDetection } from '@angular/core';
import { bootstrapApplication } from '@angular/platform-browser';
import { ChatComponent } from './app/chat.component';

bootstrapApplication(ChatComponent, { providers: [provideZonelessChangeDetection()] }).catch((error: unknown) =>
  console.error(error),
);
