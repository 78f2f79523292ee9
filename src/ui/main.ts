import './app-shell';
import { userBotsRead } from './my-bots/user-bots';

// The person's own bots are read once at the start, so that every page's pickers offer them.
void userBotsRead();
