// gifenc ships no types; this is the slice of its API the catalogue generator uses.
declare module 'gifenc' {
  export interface GifWriter {
    writeFrame(
      index: Uint8Array,
      width: number,
      height: number,
      opts?: { palette?: number[][]; delay?: number; transparent?: boolean; transparentIndex?: number; repeat?: number; dispose?: number },
    ): void;
    finish(): void;
    bytes(): Uint8Array;
  }
  const gifenc: { GIFEncoder(opts?: { auto?: boolean }): GifWriter };
  export default gifenc;
}
