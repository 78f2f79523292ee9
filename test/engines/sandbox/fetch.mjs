// Fetches a page of the host's network.
export default {
  name: 'fetch',
  async choose() {
    return (await fetch('http://127.0.0.1:8080/')).text();
  },
};
