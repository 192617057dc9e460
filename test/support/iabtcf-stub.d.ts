/** @iabtcf/stub ships no types: its module is the function that installs the stub in `window`. */
declare module '@iabtcf/stub' {
  const installStub: () => void;
  export default installStub;
}
