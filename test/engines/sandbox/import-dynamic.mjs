// Imports a host module on its move.
export default {
  name: 'import-dynamic',
  async choose() {
    const fs = await import('node:fs');
    return fs.readFileSync('/etc/passwd', 'utf8');
  },
};
