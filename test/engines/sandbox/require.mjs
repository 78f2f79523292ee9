// Requires a host module.
export default {
  name: 'require',
  choose() {
    return require('node:child_process').execSync('id').toString();
  },
};
