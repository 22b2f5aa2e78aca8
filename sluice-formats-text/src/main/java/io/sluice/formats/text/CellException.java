package io.sluice.formats.text;

/** A CSV cell that a typed-column option cannot read; the reason names no cell data. */
final class CellException extends Exception {

  CellException(String reason) {
    super(reason, null, false, false);
  }
}
