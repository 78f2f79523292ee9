// Imports a host module at its top: there is no module loader in the sandbox.
import { readFileSync } from 'node:fs';

export default {
  name: 'import-static',
  choose() {
    return readFileSync('/etc/passwd', 'utf8');
  },
};
