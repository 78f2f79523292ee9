// A default export without choose.
export default { name: 'no-choose' };
