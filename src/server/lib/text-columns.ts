const NULL_TEXT = 0xffffffff;

/**
 * A few texts per numbered slot (say a donor's name, email and picture), kept as UTF-8 in one
 * growing buffer instead of as millions of strings: the garbage collector never walks them, and a
 * million short records take their bytes plus 4 per text. A slot's texts are written together and
 * read one at a time; writing a slot again leaves its old bytes behind, and when the buffer is
 * full the live ones are copied into a new one (larger if they would fill more than 3/4 of it).
 */
export class TextColumns {
  private bytes: Buffer = Buffer.allocUnsafe(1 << 16);
  private used = 0;
  private dead = 0;
  /** Where each slot's record starts. */
  private start = new Uint32Array(1024);
  /** Byte length of each text (slot * fields + field); NULL_TEXT: null. A slot never written reads as nulls. */
  private length: Uint32Array;

  constructor(private readonly fields: number) {
    this.length = new Uint32Array(1024 * fields).fill(NULL_TEXT);
  }

  /** Writes a slot's texts (one per field, null for none). */
  set(slot: number, texts: readonly (string | null)[]): void {
    this.clear(slot);
    const lengths = texts.map((t) => (t === null ? 0 : Buffer.byteLength(t)));
    const size = lengths.reduce((a, b) => a + b, 0);
    this.reserve(slot, size);
    this.start[slot] = this.used;
    for (let f = 0; f < this.fields; f++) {
      const text = texts[f] ?? null;
      if (text !== null) this.used += this.bytes.write(text, this.used, 'utf8');
      this.length[slot * this.fields + f] = text === null ? NULL_TEXT : lengths[f]!;
    }
  }

  get(slot: number, field: number): string | null {
    if (slot * this.fields >= this.length.length) return null;
    const length = this.length[slot * this.fields + field]!;
    if (length === NULL_TEXT) return null;
    let at = this.start[slot]!;
    for (let f = 0; f < field; f++) {
      const before = this.length[slot * this.fields + f]!;
      if (before !== NULL_TEXT) at += before;
    }
    return this.bytes.toString('utf8', at, at + length);
  }

  /** Forgets a slot's texts (its bytes are reclaimed at the next copy). */
  clear(slot: number): void {
    if (slot * this.fields >= this.length.length) return;
    this.dead += this.recordSize(slot);
    this.length.fill(NULL_TEXT, slot * this.fields, (slot + 1) * this.fields);
  }

  /** Bytes held for live texts (for tests and reports). */
  get liveBytes(): number {
    return this.used - this.dead;
  }

  /** Bytes of the buffer (for tests and reports). */
  get capacity(): number {
    return this.bytes.length;
  }

  private recordSize(slot: number): number {
    let size = 0;
    for (let f = 0; f < this.fields; f++) {
      const length = this.length[slot * this.fields + f]!;
      if (length !== NULL_TEXT) size += length;
    }
    return size;
  }

  /** Room for `slot` and `size` more bytes: larger slot arrays, a copy without dead bytes, or a larger buffer. */
  private reserve(slot: number, size: number): void {
    if (slot >= this.start.length) {
      let slots = this.start.length;
      while (slot >= slots) slots *= 2;
      const start = new Uint32Array(slots);
      start.set(this.start);
      const length = new Uint32Array(slots * this.fields).fill(NULL_TEXT);
      length.set(this.length);
      this.start = start;
      this.length = length;
    }
    if (this.used + size <= this.bytes.length) return;
    // After the copy at most three quarters full: room for what comes next, and at most about
    // twice the live bytes held (half as much again, right after growing).
    const live = this.used - this.dead;
    let capacity = this.bytes.length;
    while (live + size > capacity * 0.75) capacity = Math.ceil(capacity * 1.5);
    const bytes = Buffer.allocUnsafe(capacity);
    let at = 0;
    for (let s = 0; s < this.start.length; s++) {
      const recordSize = this.recordSize(s);
      if (recordSize === 0) continue;
      this.bytes.copy(bytes, at, this.start[s]!, this.start[s]! + recordSize);
      this.start[s] = at;
      at += recordSize;
    }
    this.bytes = bytes;
    this.used = at;
    this.dead = 0;
  }
}
