import { Socket } from "node:net";

/** Bytes one read may bring, and reads whose bytes a borrower may hold at once (bounding a COPY's memory). */
const READ_SIZE = 256 * 1024;
const READ_BUFFERS = 4;

/** What takes a socket's reads while it borrows them: each read's bytes stay its own until it calls `release`. */
export type ReadBorrower = (read: Buffer, release: () => void) => void;

/**
 * The reads of a socket made by reusedReadSocket, into a few buffers used again and again rather than a new one
 * per read: a read of a socket Node makes is a fresh buffer outside V8's heap, which only a full GC frees, and a
 * COPY of 200 MB reading them as fast as the client takes them leaves some 64 MB of them unfreed until V8's limit
 * for memory outside its heap starts one (and the process keeps those pages afterwards). Unborrowed, each read goes
 * on as a copy of its bytes, the way a socket's reads do (pg keeps the end of a message that the next read
 * finishes); borrowed, its bytes are the borrower's in place until released, and the socket pauses while every
 * buffer but the one the next read goes into is still held.
 */
export class ReusedReads {
  /** Buffers no read is in and no borrower holds, kept while the reads are borrowed. */
  private readonly spare: Buffer[] = [];
  /** Buffers a borrower holds. */
  private held = 0;
  /** Where the next read goes: never a buffer a borrower holds. */
  private current: Buffer = Buffer.allocUnsafeSlow(READ_SIZE);
  private borrower: ReadBorrower | undefined;
  /** The socket was paused because no buffer would be free for the read after the next one. */
  private starved = false;

  constructor(private readonly socket: Socket) {}

  /** The buffer the next read goes into. */
  next = () => this.current;

  /** One read of `length` bytes into `buffer` (the current one); false pauses the socket. */
  onRead = (length: number, buffer: Buffer): boolean => {
    const borrower = this.borrower;
    if (!borrower) return this.socket.push(Buffer.from(buffer.subarray(0, length)));
    this.held++;
    this.current = this.spare.pop() ?? Buffer.allocUnsafeSlow(READ_SIZE);
    let released = false;
    borrower(buffer.subarray(0, length), () => {
      if (released) return;
      released = true;
      this.held--;
      if (this.borrower) this.spare.push(buffer);
      this.wake();
    });
    if (this.borrower && this.spare.length === 0 && this.held + 1 >= READ_BUFFERS) this.starved = true;
    return !this.starved;
  };

  /** Reads go to `borrower` from the next one on, until giveBack. */
  borrow(borrower: ReadBorrower) {
    this.borrower = borrower;
  }

  /**
   * Reads go on as the socket's data again, starting with `bytes` (the end of the last borrowed read, copied); the
   * spare buffers go, and those still held go once released.
   */
  giveBack(bytes: Buffer) {
    this.borrower = undefined;
    this.spare.length = 0;
    if (bytes.length) this.socket.push(Buffer.from(bytes));
    this.wake();
  }

  private wake() {
    if (!this.starved) return;
    this.starved = false;
    this.socket.resume();
  }
}

const readsOfSocket = new WeakMap<Socket, ReusedReads>();

/** A TCP (or Unix) socket whose reads go through ReusedReads, for pg's `stream` option. */
export function reusedReadSocket(): Socket {
  const holder: { reads?: ReusedReads } = {};
  const socket = new Socket({
    onread: {
      buffer: () => holder.reads!.next(),
      callback: (length, buffer) => holder.reads!.onRead(length, buffer as Buffer),
    },
  });
  holder.reads = new ReusedReads(socket);
  readsOfSocket.set(socket, holder.reads);
  return socket;
}

/** The reads of a socket reusedReadSocket made (a TLS one, or any other, has none). */
export const reusedReadsOf = (socket: unknown) => (socket instanceof Socket ? readsOfSocket.get(socket) : undefined);
